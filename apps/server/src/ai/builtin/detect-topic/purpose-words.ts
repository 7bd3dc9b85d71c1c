import type { PurposeId } from '../purposes';
import { list } from '../text';

/**
 * The words that point to each purpose, in English, Spanish, French, German, Portuguese and Italian,
 * folded (lowercase without accents). A keyword is a stem: a word starting with it counts, except that a
 * stem under 4 letters must match a whole word; "=word" matches only the word or its plural; a phrase
 * matches on word boundaries; in German a compound ending with a stem of 5 letters or more counts too
 * ("Jazzfestival"). `general` has no words: it is what an idea gets when no other purpose scores.
 */
export interface PurposeWords {
  /** Worth 2 points each in detection. */
  keywords: readonly string[];
  /** Words that only hint at the purpose: worth 1 point each. */
  hints?: readonly string[];
}

export const PURPOSE_WORDS: Record<Exclude<PurposeId, 'general'>, PurposeWords> = {
  healthcare: {
    keywords: list(`
      health, healthcare, clinic, clinica, clinique, klinik, hospital, hopital, krankenhaus, ospedale, doctor,
      medico, medecin, arzt, arztpraxis, praxis, patient, paciente, paziente, nurse, enfermer, infirmi,
      pflege, infermier, dentist, zahnarzt, physio, therap, pharmac, farmacia, apotheke, appointment, medical,
      medizin, emergency room, urgencias, urgence, notaufnahme, pronto soccorso, salud, sante, gesundheit,
      saude, salute, consulta medica, cita medica, consultorio, ambulatorio, gp practice, vet, veterinar
    `),
  },
  course: {
    keywords: list(`
      course, curso, cours, kurs, corso, =class, clase, classe, lesson, leccion, lecon, lektion, lezione,
      training, formacion, formation, schulung, fortbildung, weiterbildung, formacao, formazione, workshop,
      taller, atelier, seminar, seminario, lecture, teacher, profesor, professeur, lehrer, professor, docente,
      insegnante, instructor, trainer, tutor, student, estudiante, alumno, etudiant, eleve, schuler, aluno,
      studente, studierende, module, modulo, bootcamp, semester, semestre, universit, school, escuela, ecole,
      schule, escola, scuola, tutorial, mooc, e-learning, elearning, curriculum, lehrgang, vorlesung, aula
    `),
  },
  website: {
    keywords: list(`
      website, web site, sitio web, pagina web, site web, site internet, webseite, internetseite, homepage,
      usability, usabilidad, utilisabilite, ergonomie, benutzerfreundlich, usabilidade, usabilita, navigation,
      navegacion, navegacao, navigazione, checkout, landing page, ux, user experience, webshop, online shop,
      online store, tienda online, loja online, e-commerce, ecommerce, web portal, sito web, sito, intranet,
      web app
    `),
    hints: ['site', 'portal', 'online', 'web', 'pagina', 'page'],
  },
  hotel: {
    keywords: list(`
      hotel, hostel, motel, resort, bed and breakfast, b&b, airbnb, guesthouse, guest house, inn, lodge,
      hostal, auberge, albergo, pousada, gasthof, agriturismo, stay, estancia, estadia, sejour, aufenthalt,
      soggiorno, huesped, hospede, ospite, check-in, habitacion, chambre, zimmer, quarto, camping, campsite,
      vacation rental, holiday home
    `),
    hints: ['room', 'guest', 'gast', 'reception', 'booking', 'reserva'],
  },
  restaurant: {
    keywords: list(`
      restaurant, restaurante, ristorante, cafe, cafeteria, coffee shop, bistro, brasserie, pizzeria,
      trattoria, osteria, taqueria, gasthaus, pub, diner, food truck, takeaway, steakhouse, sushi, bakery,
      panaderia, boulangerie, backerei, padaria, panetteria, meal, dinner, lunch, brunch, breakfast, cena,
      almuerzo, dejeuner, abendessen, mittagessen, jantar, almoco, pranzo, waiter, camarero, serveur, kellner,
      garcom, cameriere, dining, eatery, canteen, kantine, mensa, cantina
    `),
    hints: ['menu', 'food', 'comida', 'cuisine', 'essen', 'cibo', 'dish', 'plato', 'chef', 'bar'],
  },
  employee: {
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
  },
  event: {
    keywords: list(`
      event, evento, evenement, veranstaltung, festival, conferen, konferenz, congres, congreso, congresso,
      kongress, tagung, summit, concert, concierto, concerto, konzert, wedding, boda, mariage, hochzeit,
      casamento, matrimonio, meetup, webinar, gala, expo, trade show, trade fair, feria, =salon, messe, fiera,
      fiesta, festa, party, fete, =show, spectacle, convention, hackathon, tournament, torneo, tournoi,
      turnier, marathon, =race, carrera, ceremony, launch party, open day, jornada, journee, exhibition,
      exposicion, ausstellung, mostra, retreat, attendee, asistente, teilnehmer, partecipant
    `),
    hints: ['ticket', 'entrada', 'billet', 'biglietto', 'ingresso', 'venue', 'lineup', 'stage', 'participant'],
  },
  market: {
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
  },
  nps: {
    keywords: list(`
      nps, net promoter, promoter score, recommend, recomend, recommand, empfehl, weiterempfehl, consigli,
      raccomand, loyalty, lealtad, fidelite, fidelisation, fidelidad, loyalitat, kundenbindung, fidelidade,
      fidelizzazione, fedelta, word of mouth, boca a boca, bouche-a-oreille, passaparola, mundpropaganda
    `),
  },
  product: {
    keywords: list(`
      product, producto, produit, produkt, produto, prodotto, app, apps, application, aplicacion, aplicativo,
      applicazione, software, feature, funcionalidad, fonctionnalite, funktion, funcionalidade, funzionalit,
      device, dispositivo, appareil, gerat, gadget, beta, prototype, prototipo, prototyp, saas, platform,
      plataforma, plateforme, plattform, piattaforma, tool, herramienta, outil, werkzeug, ferramenta,
      strumento, release, update, version, subscription, suscripcion, abonnement, assinatura, abbonamento,
      game, juego, jeu, spiel, jogo, gioco
    `),
  },
  customer: {
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
  },
};
