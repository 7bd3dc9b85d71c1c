import { describe, expect, it } from 'vitest';
import { surveyInputSchema, type SurveyInput } from '@quorum/contract';
import { composeSurvey, createBuiltinGenerator, detectTopic, type PurposeId } from '../src/ai/builtin';
import { fold } from '../src/ai/builtin/text';

interface Idea {
  idea: string;
  /** Words of the aspects the idea lists: each must appear in the survey. */
  aspects: string[];
  /** Words the title and project name must carry (the subject); without one, the purpose names the survey. */
  subject?: string;
  title?: string;
}

/** Varied ideas for every purpose: six languages, one line to a paragraph, with and without aspect lists. */
const IDEAS: Record<PurposeId, Idea[]> = {
  customer: [
    { idea: 'Customer satisfaction survey for my bakery in Lyon', aspects: [], subject: 'bakery in lyon' },
    {
      idea: 'We run a small bike repair shop and want to measure customer satisfaction regarding repair quality, waiting time, price and friendliness of the mechanics.',
      aspects: ['repair quality', 'waiting time', 'price', 'friendliness of the mechanics'],
      subject: 'bike repair shop',
    },
    {
      idea: 'We are a family-run grocery delivery service in Porto. Every week we deliver around 300 boxes. We would like to understand how happy customers are with online ordering, delivery punctuality, freshness of the vegetables and the friendliness of our drivers, and whether they would recommend us.',
      aspects: [
        'online ordering',
        'delivery punctuality',
        'freshness of the vegetables',
        'friendliness of our drivers',
      ],
      subject: 'grocery delivery service',
    },
    { idea: 'encuesta de satisfacción', aspects: [], title: 'Customer Satisfaction Survey' },
  ],
  nps: [
    { idea: 'NPS survey for Acme Cloud customers', aspects: [], subject: 'acme cloud' },
    { idea: 'Sondaggio NPS per i clienti della nostra palestra a Milano', aspects: [], subject: 'palestra a milano' },
  ],
  product: [
    {
      idea: 'Feedback on our new mobile app, asking about onboarding, pricing and support',
      aspects: ['onboarding', 'pricing', 'support'],
      subject: 'new mobile app',
    },
    {
      idea: 'Queremos a opinião dos usuários sobre o nosso aplicativo de finanças pessoais: facilidade de uso, segurança, notificações e design',
      aspects: ['facilidade de uso', 'seguranca', 'notificacoes', 'design'],
      subject: 'aplicativo de financas',
    },
  ],
  website: [
    {
      idea: 'Usability test of our online store checkout: finding products, the search bar, the payment page',
      aspects: ['finding products', 'search bar', 'payment page'],
      subject: 'online store',
    },
    {
      idea: 'Umfrage zur Benutzerfreundlichkeit unserer Webseite über Navigation, Ladezeit und Suche',
      aspects: ['navigation', 'ladezeit', 'suche'],
      subject: 'webseite',
    },
    { idea: 'website usability of our online store checkout', aspects: [], subject: 'online store checkout' },
  ],
  event: [
    {
      idea: 'feedback from attendees of a weekend jazz festival about food, sound and tickets',
      aspects: ['food', 'sound', 'tickets'],
      subject: 'weekend jazz festival',
    },
    {
      idea: 'Encuesta para los asistentes de un festival de jazz de fin de semana sobre la comida, el sonido y las entradas',
      aspects: ['comida', 'sonido', 'entradas'],
      subject: 'festival de jazz',
    },
    {
      idea: 'Avis des participants au festival de jazz sur la nourriture, le son et la billetterie',
      aspects: ['nourriture', 'son', 'billetterie'],
      subject: 'festival de jazz',
    },
    {
      idea: 'Feedback zu unserem Jazzfestival: Essen, Sound und Tickets',
      aspects: ['essen', 'sound', 'tickets'],
      subject: 'jazzfestival',
    },
    {
      idea: 'Conference feedback covering keynote talks, workshops, networking, catering, venue, registration and the mobile app',
      aspects: ['keynote talks', 'workshops', 'networking', 'catering', 'venue', 'registration', 'mobile app'],
      subject: 'conference',
    },
    { idea: 'hackathon', aspects: [], subject: 'hackathon' },
  ],
  course: [
    {
      idea: 'End of term evaluation for the Introduction to Statistics course: lectures, problem sets, textbook and the teaching assistants',
      aspects: ['lectures', 'problem sets', 'textbook', 'teaching assistants'],
      subject: 'introduction to statistics',
    },
    {
      idea: 'Questionario per gli studenti del corso di Python sulla chiarezza delle lezioni, gli esercizi e il docente',
      aspects: ['chiarezza delle lezioni', 'esercizi', 'docente'],
      subject: 'corso di python',
    },
  ],
  employee: [
    {
      idea: 'Quarterly employee engagement pulse for the engineering department covering workload, recognition, career growth and team communication',
      aspects: ['workload', 'recognition', 'career growth', 'team communication'],
      subject: 'engineering department',
    },
    {
      idea: 'Encuesta de clima laboral para los empleados de nuestra empresa sobre liderazgo, comunicación interna, salario y formación',
      aspects: ['liderazgo', 'comunicacion interna', 'salario', 'formacion'],
      subject: 'empresa',
    },
    { idea: 'employee engagement survey', aspects: [], title: 'Employee Engagement Survey' },
    { idea: 'remote work', aspects: [], subject: 'remote work' },
  ],
  hotel: [
    {
      idea: 'Post-stay survey for guests of the Seaside Inn about check-in, room cleanliness, breakfast and wifi',
      aspects: ['check-in', 'room cleanliness', 'breakfast', 'wifi'],
      subject: 'seaside inn',
    },
    {
      idea: "Questionnaire de satisfaction pour les clients de notre hôtel à Nice concernant l'accueil, la chambre, le petit-déjeuner et le calme",
      aspects: ['accueil', 'chambre', 'petit-dejeuner', 'calme'],
      subject: 'hotel a nice',
    },
    {
      idea: 'Pesquisa de satisfação dos hóspedes do Hotel Miramar sobre o quarto, o café da manhã e a limpeza',
      aspects: ['quarto', 'cafe da manha', 'limpeza'],
      subject: 'hotel miramar',
    },
  ],
  restaurant: [
    {
      idea: "How did diners like their dinner at Luigi's Trattoria? Ask about the pasta, wine list, service speed and prices.",
      aspects: ['pasta', 'wine list', 'service speed', 'prices'],
      subject: "luigi's trattoria",
    },
    {
      idea: 'Opinión de los clientes de nuestro restaurante de tapas en Sevilla sobre la comida, el servicio y el ambiente',
      aspects: ['comida', 'servicio', 'ambiente'],
      subject: 'restaurante de tapas',
    },
  ],
  healthcare: [
    {
      idea: "Patient experience survey for a physiotherapy clinic: booking an appointment, waiting time, the physiotherapist's explanations and the treatment results",
      aspects: ['booking an appointment', 'waiting time', 'explanations', 'treatment results'],
      subject: 'physiotherapy clinic',
    },
    {
      idea: 'Patientenbefragung für unsere Hausarztpraxis zu Wartezeit, Freundlichkeit des Personals und Terminvergabe',
      aspects: ['wartezeit', 'freundlichkeit des personals', 'terminvergabe'],
      subject: 'hausarztpraxis',
    },
  ],
  market: [
    {
      idea: 'market research for a plant-based protein bar: price, taste, packaging, where people buy snacks',
      aspects: ['price', 'taste', 'packaging'],
      subject: 'protein bar',
    },
    {
      idea: 'Étude de marché pour une nouvelle marque de kombucha artisanal : goût, prix, emballage et points de vente',
      aspects: ['gout', 'prix', 'emballage', 'points de vente'],
      subject: 'kombucha',
    },
  ],
  general: [
    {
      idea: 'Opinions of residents on the new recycling scheme: collection days, bin sizes and communication',
      aspects: ['collection days', 'bin sizes', 'communication'],
      subject: 'recycling scheme',
    },
    {
      idea: 'Wir möchten Feedback zu unserer neuen Kaffeemaschine: Geschmack, Bedienung, Reinigung und Lautstärke',
      aspects: ['geschmack', 'bedienung', 'reinigung', 'lautstarke'],
      subject: 'kaffeemaschine',
    },
  ],
};

const CASES = Object.entries(IDEAS).flatMap(([purpose, ideas]) =>
  ideas.map((idea) => ({ ...idea, purpose: purpose as PurposeId })),
);

/** Odd input that must still give a well-formed draft. */
const ODD_IDEAS: [string, string][] = [
  ['symbols only', '???'],
  ['one letter', 'x'],
  ['emoji only', '🙂🙂🙂'],
  ['a very long idea', 'a very long idea about nothing in particular, '.repeat(40).slice(0, 2000)],
  ['a bullet list after a colon', 'Ideas for our gym:\n- opening hours\n- cleanliness\n- trainers\n- price'],
  ['a numbered list', '1. food\n2. drinks\n3. music'],
];

/** Everything a respondent reads, folded, to look for words in. */
function surveyText(survey: SurveyInput): string {
  return fold(
    [survey.title, survey.projectName, ...survey.questions.flatMap((q) => [q.text, ...(q.options ?? [])])].join(' \n '),
  );
}

/** What every draft must be: accepted as a hand-made survey, 4–8 questions of at least three types, one open. */
function expectWellFormed(survey: SurveyInput, idea: string): void {
  const parsed = surveyInputSchema.safeParse(survey);
  expect(parsed.success, `${idea}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  expect(survey.questions.length).toBeGreaterThanOrEqual(4);
  expect(survey.questions.length).toBeLessThanOrEqual(8);
  expect(new Set(survey.questions.map((q) => q.type)).size).toBeGreaterThanOrEqual(3);
  expect(survey.questions.filter((q) => q.type === 'text')).toHaveLength(1);
  for (const q of survey.questions) {
    if (q.type === 'rating') expect([5, 10]).toContain((q.ratingScale as { max: number }).max);
    if (q.type === 'multiple_choice' || q.type === 'checkbox') expect(q.options!.length).toBeGreaterThanOrEqual(2);
  }
  expect(new Set(survey.questions.map((q) => q.text)).size).toBe(survey.questions.length);
}

describe('built-in survey generator', () => {
  it('covers at least 25 ideas in six languages', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
    const languages = new Set(CASES.map((c) => detectTopic(c.idea).language));
    expect([...languages].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
    const purposes = new Set(CASES.map((c) => c.purpose));
    expect(purposes.size).toBe(12);
  });

  describe.each(CASES)('$idea', ({ idea, purpose, aspects, subject, title }) => {
    const survey = composeSurvey(idea);

    it('passes the contract as a hand-made survey would, with 4–8 questions of at least three types', () => {
      expectWellFormed(survey, idea);
    });

    it(`recognises the purpose (${purpose})`, () => {
      expect(detectTopic(idea).purpose).toBe(purpose);
    });

    it('names every aspect the idea lists', () => {
      const text = surveyText(survey);
      for (const aspect of aspects) expect(text).toContain(fold(aspect));
      // Up to four listed aspects get a rating question each.
      const ratedAspects = survey.questions.filter(
        (q) => q.type === 'rating' && aspects.some((a) => fold(q.text).includes(fold(a))),
      );
      expect(ratedAspects.length).toBe(Math.min(aspects.length, 4));
    });

    it('names the survey and its project after the idea, or after the purpose when the idea names nothing', () => {
      if (subject) {
        expect(fold(survey.title)).toContain(fold(subject));
        expect(fold(survey.projectName)).toContain(fold(subject));
      } else {
        expect(survey.title).toBe(title);
      }
    });
  });

  it('gives the same survey for the same idea, every time', async () => {
    const generator = createBuiltinGenerator();
    for (const { idea } of CASES) {
      expect(await generator.generate(idea)).toEqual(composeSurvey(idea));
      expect(composeSurvey(idea)).toEqual(composeSurvey(idea));
    }
  });

  it('gives different surveys for different ideas', () => {
    const seen = new Map<string, string>();
    for (const { idea } of CASES) {
      const key = JSON.stringify(composeSurvey(idea));
      expect(seen.get(key), `"${idea}" gave the same survey as "${seen.get(key)}"`).toBeUndefined();
      seen.set(key, idea);
    }
  });

  it('varies the wording with the idea even when two ideas name nothing', () => {
    const ideas = ['customer survey', 'a customer survey', 'customer questionnaire please', 'survey our customers'];
    const questionSets = new Set(ideas.map((idea) => JSON.stringify(composeSurvey(idea).questions)));
    expect(questionSets.size).toBeGreaterThan(1);
  });

  it('keeps aspects of a long list within the limits: four rated, all offered in one checkbox question', () => {
    const survey = composeSurvey(
      'Festival feedback about food, sound, tickets, toilets, parking, security, merch and camping',
    );
    const ratings = survey.questions.filter((q) => q.type === 'rating');
    expect(ratings.map((q) => q.text)).toEqual(
      expect.arrayContaining([
        'How would you rate the food?',
        'How would you rate the sound?',
        'How would you rate the tickets?',
        'How would you rate the toilets?',
      ]),
    );
    const checkbox = survey.questions.find((q) => q.type === 'checkbox');
    expect(checkbox?.options).toEqual([
      'Food',
      'Sound',
      'Tickets',
      'Toilets',
      'Parking',
      'Security',
      'Merch',
      'Camping',
    ]);
    expect(survey.questions).toHaveLength(8);
  });

  it('writes the example of the issue as a sensible event survey', () => {
    const survey = composeSurvey('feedback from attendees of a weekend jazz festival about food, sound and tickets');
    expect(survey.title).toBe('Weekend Jazz Festival Feedback');
    expect(survey.projectName).toBe('Weekend Jazz Festival');
    expect(survey.questions.map((q) => q.text)).toEqual(
      expect.arrayContaining([
        'How would you rate the food?',
        'How would you rate the sound?',
        'How would you rate the tickets?',
        'How did you hear about the weekend jazz festival?',
      ]),
    );
    expect(new Set(survey.questions.map((q) => q.type))).toEqual(
      new Set(['multiple_choice', 'date', 'rating', 'checkbox', 'text']),
    );
  });

  it.each(ODD_IDEAS)('stays well-formed on odd input: %s', (_, idea) => {
    expectWellFormed(composeSurvey(idea), idea);
  });

  it('reads a bullet list as the listed aspects', () => {
    const gym = surveyText(composeSurvey('Ideas for our gym:\n- opening hours\n- cleanliness\n- trainers\n- price'));
    for (const aspect of ['opening hours', 'cleanliness', 'trainers', 'price']) expect(gym).toContain(aspect);
  });
});
