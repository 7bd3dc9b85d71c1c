import { fold, list, type Language } from './text';

/**
 * The survey purposes the built-in generator recognises, each with the words that point to it (in
 * English, Spanish, French, German, Portuguese and Italian, folded: lowercase without accents) and the
 * English question templates it writes. `{s}` in a template is the subject ("the weekend jazz festival").
 */
export const purposeIds = [
  'healthcare',
  'course',
  'website',
  'hotel',
  'restaurant',
  'employee',
  'event',
  'market',
  'nps',
  'product',
  'customer',
  'general',
] as const;
export type PurposeId = (typeof purposeIds)[number];

/** How a rating question about one aspect is worded. */
export type AspectFrame = 'rate' | 'importance';

export interface ChoiceTemplate {
  text: string;
  options: readonly string[];
}

export interface PurposeTemplate {
  id: PurposeId;
  /** What the purpose is called, for titles in other languages ("Event feedback: …"). */
  label: string;
  /** The subject when the idea names none, or when the questions are in another language than the idea. */
  defaultSubject: string;
  /** Whether questions name the idea's own subject, or always the default one. */
  subjectInQuestions: boolean;
  /** Title after the subject: "Weekend Jazz Festival" + "Feedback". */
  titleSuffix: string;
  defaultTitle: string;
  defaultProject: string;
  /** Stems (a word starting with one counts; stems under 4 letters must match whole) and phrases. */
  keywords: readonly string[];
  /** Words that only hint at the purpose: they count half. */
  hints?: readonly string[];
  /** Rated when the idea lists no aspects of its own. */
  defaultAspects: readonly string[];
  aspectFrame: AspectFrame;
  overall: readonly string[];
  category: ChoiceTemplate;
  second: ChoiceTemplate;
  checkbox: ChoiceTemplate;
  /** Asked as a checkbox over the listed aspects when the idea lists more than can be rated one by one. */
  aspectsCheckbox: string;
  /** A 1–10 likelihood question. */
  recommend: string;
  /** The one open question; one wording is picked from the idea. */
  open: readonly string[];
  /** The recommendation question leads and is always asked (net-promoter surveys). */
  recommendFirst?: boolean;
}

export const PURPOSES: readonly PurposeTemplate[] = [
  {
    id: 'healthcare',
    label: 'Patient experience',
    defaultSubject: 'our practice',
    subjectInQuestions: true,
    titleSuffix: 'Patient Experience Survey',
    defaultTitle: 'Patient Experience Survey',
    defaultProject: 'Patient Experience',
    keywords: list(`
      health, healthcare, clinic, clinica, clinique, klinik, hospital, hopital, krankenhaus, ospedale, doctor,
      medico, medecin, arzt, arztpraxis, praxis, patient, paciente, paziente, nurse, enfermer, infirmi,
      pflege, infermier, dentist, zahnarzt, physio, therap, pharmac, farmacia, apotheke, appointment, medical,
      medizin, emergency room, urgencias, urgence, notaufnahme, pronto soccorso, salud, sante, gesundheit,
      saude, salute, consulta medica, cita medica, consultorio, ambulatorio, gp practice, vet, veterinar
    `),
    defaultAspects: ['waiting time', 'communication with staff', 'cleanliness of the facilities'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate your visit to {s}?', 'How would you rate the care you received at {s}?'],
    category: {
      text: 'What was the main reason for your visit?',
      options: ['Routine check-up', 'New health concern', 'Follow-up appointment', 'Urgent care', 'Other'],
    },
    second: {
      text: 'After your appointment time, how long did you wait before being seen?',
      options: ['Less than 10 minutes', '10 to 20 minutes', '20 to 40 minutes', 'More than 40 minutes'],
    },
    checkbox: {
      text: 'Who did you speak with during your visit?',
      options: ['Reception staff', 'Nurse', 'Doctor', 'Specialist', 'Pharmacist', 'Other'],
    },
    aspectsCheckbox: 'Which of these mattered most to you during your visit?',
    recommend: 'How likely are you to recommend {s} to friends or family?',
    open: [
      'What could {s} do to improve your experience?',
      'Is there anything about your visit that you would like us to know?',
      'What, if anything, could have made your visit easier?',
    ],
  },
  {
    id: 'course',
    label: 'Course evaluation',
    defaultSubject: 'the course',
    subjectInQuestions: true,
    titleSuffix: 'Course Evaluation',
    defaultTitle: 'Course Evaluation',
    defaultProject: 'Course Evaluation',
    keywords: list(`
      course, curso, cours, kurs, corso, =class, clase, classe, lesson, leccion, lecon, lektion, lezione,
      training, formacion, formation, schulung, fortbildung, weiterbildung, formacao, formazione, workshop,
      taller, atelier, seminar, seminario, lecture, teacher, profesor, professeur, lehrer, professor, docente,
      insegnante, instructor, trainer, tutor, student, estudiante, alumno, etudiant, eleve, schuler, aluno,
      studente, studierende, module, modulo, bootcamp, semester, semestre, universit, school, escuela, ecole,
      schule, escola, scuola, tutorial, mooc, e-learning, elearning, curriculum, lehrgang, vorlesung, aula
    `),
    defaultAspects: ['course content', 'instructor', 'course materials'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate {s}?', 'How would you rate the quality of {s}?'],
    category: {
      text: 'How would you describe the pace of {s}?',
      options: ['Too slow', 'A little slow', 'About right', 'A little fast', 'Too fast'],
    },
    second: {
      text: 'How many of the sessions did you attend?',
      options: ['All of them', 'Most of them', 'About half', 'Fewer than half'],
    },
    checkbox: {
      text: 'Which parts of {s} were most useful to you?',
      options: ['Lectures', 'Practical exercises', 'Readings', 'Group work', 'Assessments', 'Discussions'],
    },
    aspectsCheckbox: 'Which of these parts of {s} were most useful to you?',
    recommend: 'How likely are you to recommend {s} to a friend or colleague?',
    open: [
      'What would you change to improve {s}?',
      'What was the most valuable thing you learned, and what was missing?',
      'Is there anything else you would like to tell the instructor?',
    ],
  },
  {
    id: 'website',
    label: 'Website usability',
    defaultSubject: 'the website',
    subjectInQuestions: true,
    titleSuffix: 'Usability Survey',
    defaultTitle: 'Website Usability Survey',
    defaultProject: 'Website Usability',
    keywords: list(`
      website, web site, sitio web, pagina web, site web, site internet, webseite, internetseite, homepage,
      usability, usabilidad, utilisabilite, ergonomie, benutzerfreundlich, usabilidade, usabilita, navigation,
      navegacion, navegacao, navigazione, checkout, landing page, ux, user experience, webshop, online shop,
      online store, tienda online, loja online, e-commerce, ecommerce, web portal, sito web, sito, intranet,
      web app
    `),
    hints: ['site', 'portal', 'online', 'web', 'pagina', 'page'],
    defaultAspects: ['navigation', 'page loading speed', 'search'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate your experience using {s}?', 'How would you rate the ease of use of {s}?'],
    category: {
      text: 'What was the main purpose of your visit today?',
      options: ['Find information', 'Buy something', 'Get support', 'Manage my account', 'Just browsing', 'Other'],
    },
    second: {
      text: 'Were you able to do what you came to do?',
      options: ['Yes, completely', 'Partly', 'No'],
    },
    checkbox: {
      text: 'Did you run into any of these problems?',
      options: [
        'Pages loaded slowly',
        'Information was hard to find',
        'The navigation was confusing',
        'Errors or broken links',
        'Problems on a mobile device',
        'None of these',
      ],
    },
    aspectsCheckbox: 'Which of these parts of {s} matter most to you?',
    recommend: 'How likely are you to use {s} again?',
    open: [
      'What would make {s} easier to use?',
      'What, if anything, was confusing or frustrating?',
      'Is there anything else you would like to tell us about {s}?',
    ],
  },
  {
    id: 'hotel',
    label: 'Hotel stay',
    defaultSubject: 'our hotel',
    subjectInQuestions: true,
    titleSuffix: 'Guest Experience Survey',
    defaultTitle: 'Hotel Guest Experience Survey',
    defaultProject: 'Guest Experience',
    keywords: list(`
      hotel, hostel, motel, resort, bed and breakfast, b&b, airbnb, guesthouse, guest house, inn, lodge,
      hostal, auberge, albergo, pousada, gasthof, agriturismo, stay, estancia, estadia, sejour, aufenthalt,
      soggiorno, huesped, hospede, ospite, check-in, habitacion, chambre, zimmer, quarto, camping, campsite,
      vacation rental, holiday home
    `),
    hints: ['room', 'guest', 'gast', 'reception', 'booking', 'reserva'],
    defaultAspects: ['room', 'cleanliness', 'friendliness of the staff'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate your stay at {s}?', 'How would you rate your most recent stay at {s}?'],
    category: {
      text: 'What was the main purpose of your stay?',
      options: ['Leisure', 'Business', 'Visiting family or friends', 'Special occasion', 'Other'],
    },
    second: {
      text: 'How did you book your stay?',
      options: ['Directly with the hotel', 'Through a booking website', 'Through a travel agent', 'Other'],
    },
    checkbox: {
      text: 'Which facilities did you use during your stay?',
      options: ['Restaurant', 'Bar', 'Gym', 'Pool or spa', 'Parking', 'Meeting rooms', 'None of these'],
    },
    aspectsCheckbox: 'Which of these mattered most to you during your stay?',
    recommend: 'How likely are you to recommend {s} to a friend or family member?',
    open: [
      'What could {s} do to make your next stay better?',
      'Was there anything during your stay that did not meet your expectations?',
      'Is there anything else you would like to tell us about your stay?',
    ],
  },
  {
    id: 'restaurant',
    label: 'Restaurant visit',
    defaultSubject: 'our restaurant',
    subjectInQuestions: true,
    titleSuffix: 'Dining Experience Survey',
    defaultTitle: 'Dining Experience Survey',
    defaultProject: 'Dining Experience',
    keywords: list(`
      restaurant, restaurante, ristorante, cafe, cafeteria, coffee shop, bistro, brasserie, pizzeria,
      trattoria, osteria, taqueria, gasthaus, pub, diner, food truck, takeaway, steakhouse, sushi, bakery,
      panaderia, boulangerie, backerei, padaria, panetteria, meal, dinner, lunch, brunch, breakfast, cena,
      almuerzo, dejeuner, abendessen, mittagessen, jantar, almoco, pranzo, waiter, camarero, serveur, kellner,
      garcom, cameriere, dining, eatery, canteen, kantine, mensa, cantina
    `),
    hints: ['menu', 'food', 'comida', 'cuisine', 'essen', 'cibo', 'dish', 'plato', 'chef', 'bar'],
    defaultAspects: ['food', 'service', 'atmosphere'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate your visit to {s}?', 'How would you rate your most recent meal at {s}?'],
    category: {
      text: 'What was the occasion of your visit?',
      options: ['Everyday meal', 'Business meal', 'Celebration', 'Meeting friends or family', 'Other'],
    },
    second: {
      text: 'How often do you visit {s}?',
      options: ['This was my first visit', 'A few times a year', 'Monthly', 'Weekly or more'],
    },
    checkbox: {
      text: 'What did you order?',
      options: ['Starters', 'Main course', 'Dessert', 'Drinks', 'Takeaway'],
    },
    aspectsCheckbox: 'Which of these mattered most to you during your visit?',
    recommend: 'How likely are you to recommend {s} to a friend or family member?',
    open: [
      'What could {s} do to make your next visit better?',
      'Was there anything during your visit that did not meet your expectations?',
      'Is there anything else you would like to tell us about your visit?',
    ],
  },
  {
    id: 'employee',
    label: 'Employee engagement',
    defaultSubject: 'the organisation',
    subjectInQuestions: false,
    titleSuffix: 'Employee Engagement Survey',
    defaultTitle: 'Employee Engagement Survey',
    defaultProject: 'Employee Engagement',
    keywords: list(`
      employee, empleado, employe, salarie, mitarbeit, funcionario, colaborador, dipendent, engagement,
      compromiso, workplace, lugar de trabajo, arbeitsplatz, posto di lavoro, local de trabalho, lieu de
      travail, morale, wellbeing, well-being, burnout, remote work, hybrid work, teletrabajo, teletravail,
      homeoffice, home office, smart working, clima laboral, climat social, betriebsklima, clima
      organizacional, clima aziendale, coworker, co-worker, leadership, hr, human resources, recursos humanos,
      ressources humaines, personalabteilung, risorse umane, job satisfaction
    `),
    hints: list(`
      onboarding, staff, personnel, colleague, manager, team, equipo, equipe, work, trabajo, travail, arbeit,
      trabalho, lavoro, company
    `),
    defaultAspects: ['communication from leadership', 'opportunities for growth', 'work-life balance'],
    aspectFrame: 'rate',
    overall: [
      'Overall, how would you rate your experience of working at {s}?',
      'How would you rate {s} as a place to work?',
    ],
    category: {
      text: 'How long have you worked at {s}?',
      options: ['Less than 1 year', '1 to 3 years', '3 to 5 years', 'More than 5 years'],
    },
    second: {
      text: 'Where do you mostly work?',
      options: ['On site', 'Remotely', 'Hybrid'],
    },
    checkbox: {
      text: 'Which of these would most improve your work experience?',
      options: [
        'Clearer communication',
        'Recognition',
        'Training and development',
        'Flexible working',
        'Better tools and equipment',
        'A more balanced workload',
      ],
    },
    aspectsCheckbox: 'Which of these matter most to you at work?',
    recommend: 'How likely are you to recommend {s} as a place to work?',
    open: [
      'What is one thing that would make {s} a better place to work?',
      'What do you value most about working here, and what would you change?',
      'Is there anything else you would like leadership to know?',
    ],
  },
  {
    id: 'event',
    label: 'Event feedback',
    defaultSubject: 'the event',
    subjectInQuestions: true,
    titleSuffix: 'Feedback',
    defaultTitle: 'Event Feedback Survey',
    defaultProject: 'Event Feedback',
    keywords: list(`
      event, evento, evenement, veranstaltung, festival, conferen, konferenz, congres, congreso, congresso,
      kongress, tagung, summit, concert, concierto, concerto, konzert, wedding, boda, mariage, hochzeit,
      casamento, matrimonio, meetup, webinar, gala, expo, trade show, trade fair, feria, =salon, messe, fiera,
      fiesta, festa, party, fete, =show, spectacle, convention, hackathon, tournament, torneo, tournoi,
      turnier, marathon, =race, carrera, ceremony, launch party, open day, jornada, journee, exhibition,
      exposicion, ausstellung, mostra, retreat, attendee, asistente, teilnehmer, partecipant
    `),
    hints: ['ticket', 'entrada', 'billet', 'biglietto', 'ingresso', 'venue', 'lineup', 'stage', 'participant'],
    defaultAspects: ['organisation', 'venue', 'programme'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate {s}?', 'How would you rate {s} as a whole?'],
    category: {
      text: 'How did you hear about {s}?',
      options: ['Social media', 'Friends or family', 'Website', 'Email or newsletter', 'Poster or flyer', 'Other'],
    },
    second: {
      text: 'Would you attend {s} again?',
      options: ['Yes', 'Maybe', 'No'],
    },
    checkbox: {
      text: 'Which parts of {s} did you enjoy most?',
      options: ['Programme', 'Venue', 'Atmosphere', 'Food and drinks', 'Organisation', 'Meeting people'],
    },
    aspectsCheckbox: 'Which of these parts of {s} mattered most to you?',
    recommend: 'How likely are you to recommend {s} to a friend?',
    open: [
      'What could we do to make {s} better next time?',
      'What was the highlight of {s} for you, and what would you change?',
      'Is there anything else you would like to tell us about {s}?',
    ],
  },
  {
    id: 'market',
    label: 'Market research',
    defaultSubject: 'this product',
    subjectInQuestions: true,
    titleSuffix: 'Market Research Survey',
    defaultTitle: 'Market Research Survey',
    defaultProject: 'Market Research',
    keywords: list(`
      market research, market study, estudio de mercado, investigacion de mercado, etude de marche,
      marktforschung, marktstudie, pesquisa de mercado, estudo de mercado, ricerca di mercato, indagine di
      mercato, =market, mercado, =marche, markt, mercato, pricing, willingness to pay, target audience, target
      group, target market, publico objetivo, cible, zielgruppe, publico-alvo, pubblico target, consumer,
      consumidor, consommat, verbraucher, konsument, consumator, demand, demanda, nachfrage, domanda, concept,
      concepto, konzept, conceito, concetto, competitor, competencia, concurren, konkurren, wettbewerb,
      concorren, brand awareness, buying habits, purchasing habits, habitos de compra, habitudes d'achat,
      kaufverhalten, habitos de consumo, abitudini di acquisto, potential customers, clientes potenciales,
      clients potentiels, potenzielle kunden, clientes potenciais, clienti potenziali, business idea, startup
      idea, new product idea, product idea
    `),
    hints: ['price', 'precio', 'prix', 'preis', 'preco', 'prezzo', 'launch', 'lanzamiento', 'lancement', 'brand'],
    defaultAspects: ['price', 'quality', 'convenience'],
    aspectFrame: 'importance',
    overall: ['How would you rate the idea of {s} overall?', 'What is your overall impression of {s}?'],
    category: {
      text: 'How often do you buy or use products similar to {s}?',
      options: ['Every week', 'Every month', 'A few times a year', 'Rarely', 'Never'],
    },
    second: {
      text: 'What is your age group?',
      options: ['Under 18', '18 to 24', '25 to 34', '35 to 44', '45 to 54', '55 to 64', '65 or over'],
    },
    checkbox: {
      text: 'Which of these influence your choice the most?',
      options: ['Price', 'Quality', 'Brand', 'Reviews', 'Convenience', 'Recommendations from others'],
    },
    aspectsCheckbox: 'Which of these would influence your choice the most?',
    recommend: 'How likely would you be to try {s} if it were available?',
    open: [
      'What would make {s} more appealing to you?',
      'What, if anything, would stop you from trying {s}?',
      'What do you use today instead of {s}, and why?',
    ],
  },
  {
    id: 'nps',
    label: 'Net promoter',
    defaultSubject: 'us',
    subjectInQuestions: true,
    titleSuffix: 'Net Promoter Survey',
    defaultTitle: 'Net Promoter Score Survey',
    defaultProject: 'Net Promoter Score',
    keywords: list(`
      nps, net promoter, promoter score, recommend, recomend, recommand, empfehl, weiterempfehl, consigli,
      raccomand, loyalty, lealtad, fidelite, fidelisation, fidelidad, loyalitat, kundenbindung, fidelidade,
      fidelizzazione, fedelta, word of mouth, boca a boca, bouche-a-oreille, passaparola, mundpropaganda
    `),
    defaultAspects: ['product quality', 'customer support'],
    aspectFrame: 'rate',
    recommendFirst: true,
    overall: ['Overall, how would you rate your experience with {s}?', 'How would you rate {s} overall?'],
    category: {
      text: 'How long have you been a customer?',
      options: ['Less than 6 months', '6 to 12 months', '1 to 3 years', 'More than 3 years'],
    },
    second: {
      text: 'How often do you use our products or services?',
      options: ['Daily', 'Weekly', 'Monthly', 'Less often'],
    },
    checkbox: {
      text: 'What do you value most about {s}?',
      options: ['Quality', 'Price', 'Customer service', 'Ease of use', 'Reliability', 'Something else'],
    },
    aspectsCheckbox: 'Which of these matter most to you?',
    recommend: 'On a scale of 1 to 10, how likely are you to recommend {s} to a friend or colleague?',
    open: ['What is the main reason for your score?', 'What is the most important reason for the score you gave?'],
  },
  {
    id: 'product',
    label: 'Product feedback',
    defaultSubject: 'the product',
    subjectInQuestions: true,
    titleSuffix: 'Feedback',
    defaultTitle: 'Product Feedback Survey',
    defaultProject: 'Product Feedback',
    keywords: list(`
      product, producto, produit, produkt, produto, prodotto, app, apps, application, aplicacion, aplicativo,
      applicazione, software, feature, funcionalidad, fonctionnalite, funktion, funcionalidade, funzionalit,
      device, dispositivo, appareil, gerat, gadget, beta, prototype, prototipo, prototyp, saas, platform,
      plataforma, plateforme, plattform, piattaforma, tool, herramienta, outil, werkzeug, ferramenta,
      strumento, release, update, version, subscription, suscripcion, abonnement, assinatura, abbonamento,
      game, juego, jeu, spiel, jogo, gioco
    `),
    defaultAspects: ['ease of use', 'design', 'reliability'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate {s}?', 'How would you rate your experience with {s}?'],
    category: {
      text: 'How often do you use {s}?',
      options: ['Every day', 'A few times a week', 'A few times a month', 'Rarely', 'I have stopped using it'],
    },
    second: {
      text: 'How long have you been using {s}?',
      options: ['Less than a month', '1 to 6 months', '6 to 12 months', 'More than a year'],
    },
    checkbox: {
      text: 'Which of these would you most like us to improve?',
      options: ['Ease of use', 'Performance', 'Design', 'Features', 'Price', 'Support'],
    },
    aspectsCheckbox: 'Which of these matter most to you in {s}?',
    recommend: 'How likely are you to recommend {s} to a friend or colleague?',
    open: [
      'What one change would make {s} more useful to you?',
      'What, if anything, frustrates you about {s}?',
      'Is there anything else you would like to tell us about {s}?',
    ],
  },
  {
    id: 'customer',
    label: 'Customer satisfaction',
    defaultSubject: 'our service',
    subjectInQuestions: true,
    titleSuffix: 'Customer Satisfaction Survey',
    defaultTitle: 'Customer Satisfaction Survey',
    defaultProject: 'Customer Satisfaction',
    keywords: list(`
      customer satisfaction, client satisfaction, csat, satisfaccion del cliente, satisfaction client,
      kundenzufriedenheit, satisfacao do cliente, soddisfazione del cliente, customer, client, kunde, shop,
      store, tienda, boutique, magasin, laden, geschaft, loja, negozio, service, servicio, servico, servizio,
      dienstleistung, kundenservice, support, soporte, assistance, delivery, entrega, livraison, lieferung,
      consegna, order, pedido, commande, bestellung, ordine, purchase, compra, achat, kauf, acquisto, gym,
      gimnasio, agency, agencia, agence, agentur, agenzia, bank, banco, banque, banca, insurance, seguro,
      assurance, versicherung, assicurazione, subscriber, suscriptor, abonne
    `),
    hints: ['satisf', 'zufrieden', 'soddisf'],
    defaultAspects: ['quality', 'customer service', 'value for money'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate your experience with {s}?', 'How would you rate {s} overall?'],
    category: {
      text: 'How long have you been a customer?',
      options: ['Less than a month', '1 to 6 months', '6 to 12 months', '1 to 3 years', 'More than 3 years'],
    },
    second: {
      text: 'How often do you use {s}?',
      options: ['Daily', 'Weekly', 'Monthly', 'A few times a year', 'This was my first time'],
    },
    checkbox: {
      text: 'What matters most to you as a customer?',
      options: ['Quality', 'Price', 'Customer service', 'Speed', 'Convenience', 'Reliability'],
    },
    aspectsCheckbox: 'Which of these matter most to you as a customer?',
    recommend: 'How likely are you to recommend {s} to a friend or colleague?',
    open: [
      'What is one thing {s} could do better?',
      'What could we do to improve your experience?',
      'Is there anything else you would like to share about {s}?',
    ],
  },
  {
    id: 'general',
    label: 'Survey',
    defaultSubject: 'this topic',
    subjectInQuestions: true,
    titleSuffix: 'Survey',
    defaultTitle: 'Feedback Survey',
    defaultProject: 'General Feedback',
    keywords: [],
    defaultAspects: ['quality', 'communication', 'value'],
    aspectFrame: 'rate',
    overall: ['Overall, how would you rate {s}?', 'How would you rate your experience with {s}?'],
    category: {
      text: 'How familiar are you with {s}?',
      options: [
        'Not at all familiar',
        'Slightly familiar',
        'Moderately familiar',
        'Very familiar',
        'Extremely familiar',
      ],
    },
    second: {
      text: 'How often are you involved with {s}?',
      options: ['Daily', 'Weekly', 'Monthly', 'Rarely', 'Never'],
    },
    checkbox: {
      text: 'Which of these matter most to you about {s}?',
      options: ['Quality', 'Cost', 'Convenience', 'Communication', 'Reliability', 'Something else'],
    },
    aspectsCheckbox: 'Which of these matter most to you about {s}?',
    recommend: 'How likely are you to recommend {s} to others?',
    open: [
      'Is there anything else you would like to share about {s}?',
      'What one change would improve {s} for you?',
      'What would you like us to know that we did not ask?',
    ],
  },
];

export const PURPOSE_BY_ID = Object.fromEntries(PURPOSES.map((p) => [p.id, p])) as Record<PurposeId, PurposeTemplate>;

/**
 * Scores every purpose by the distinct keywords (2 points) and hints (1 point) in the idea and returns
 * the best one. Words inside the listed aspects count half: "feedback on our app about onboarding and
 * pricing" is product feedback, not employee onboarding. Ties go to the more specific purpose (the order
 * of `purposeIds`); no keyword at all gives the general purpose.
 */
export function detectPurpose(
  main: { words: readonly string[]; folded: string },
  aspects: { words: readonly string[]; folded: string },
  language: Language,
): PurposeTemplate {
  const score = (purpose: PurposeTemplate, part: { words: readonly string[]; folded: string }) => {
    const padded = ` ${part.folded.replace(/[^\p{L}\p{N}&'-]+/gu, ' ')} `;
    let points = 0;
    for (const keyword of purpose.keywords) if (matches(keyword, part.words, padded, language)) points += 2;
    for (const hint of purpose.hints ?? []) if (matches(hint, part.words, padded, language)) points += 1;
    return points;
  };
  let best = PURPOSE_BY_ID.general;
  let bestScore = 0;
  for (const purpose of PURPOSES) {
    if (purpose.id === 'general') continue;
    const total = 2 * score(purpose, main) + score(purpose, aspects);
    if (total > bestScore) {
      best = purpose;
      bestScore = total;
    }
  }
  return best;
}

/** Whether a word names some purpose ("website", "usability", "festival"). */
export function isPurposeWord(word: string, language: Language): boolean {
  return PURPOSES.some((p) =>
    [...p.keywords, ...(p.hints ?? [])].some((k) => !/[\s&]/.test(k) && matches(k, [word], '', language)),
  );
}

/** Names of kinds of survey ("market research", "estudio de mercado"): never part of a subject. */
export const PURPOSE_PHRASES: readonly string[][] = [
  'market research',
  'market study',
  'customer satisfaction',
  'client satisfaction',
  'net promoter score',
  'net promoter',
  'promoter score',
  'employee engagement',
  'employee satisfaction',
  'job satisfaction',
  'course evaluation',
  'user experience',
  'website usability',
  'patient experience',
  'guest experience',
  'customer experience',
  'product feedback',
  'event feedback',
  'estudio de mercado',
  'investigacion de mercado',
  'etude de marche',
  'pesquisa de mercado',
  'estudo de mercado',
  'ricerca di mercato',
  'indagine di mercato',
  'satisfaccion del cliente',
  'satisfaction client',
  'satisfaction des clients',
  'satisfacao do cliente',
  'soddisfazione del cliente',
  'soddisfazione dei clienti',
  'clima laboral',
  'climat social',
  'clima organizacional',
  'clima aziendale',
].map((phrase) => phrase.split(' '));

/**
 * A phrase matches on word boundaries; "=word" matches the word or its plural; else a word starting with
 * it, and in German also a compound ending with it ("Jazzfestival").
 */
function matches(keyword: string, words: readonly string[], padded: string, language: Language): boolean {
  if (keyword.startsWith('=')) {
    const word = keyword.slice(1);
    return words.includes(word) || words.includes(`${word}s`) || words.includes(`${word}es`);
  }
  const folded = fold(keyword);
  if (/[\s&]/.test(folded)) return padded.includes(` ${folded} `) || padded.includes(` ${folded}s `);
  if (folded.length < 4) return words.includes(folded) || words.includes(`${folded}s`);
  return words.some(
    (word) => word.startsWith(folded) || (language === 'de' && folded.length >= 5 && word.endsWith(folded)),
  );
}
