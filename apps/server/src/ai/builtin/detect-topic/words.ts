import { list, words, type Token } from '../text';
import type { Language } from './language';

/*
 * The vocabulary the generator reads ideas with, in English, Spanish, French, German, Portuguese and
 * Italian, folded (lowercase without accents). Adding a language means adding its words here, its markers
 * in language.ts and its purpose words in purpose-words.ts.
 */

/** Whether a token is one of the words (folded, separated by white space). */
function oneOf(text: string): (token: Token) => boolean {
  const set = new Set(words(text));
  return (token) => set.has(token.norm);
}

/**
 * Function words: articles, pronouns, prepositions, auxiliaries and the verbs of asking for a survey
 * ("create a short survey to find out…"). A listed aspect made only of these is no aspect.
 */
export const isFunctionWord = oneOf(`
  a an the this that these those some any each every all of for from to in on at by with about into onto over
  under after before during since while between among per via and or but nor so as than then also too very
  i me my mine we us our ours you your yours they them their theirs he she his her its it who whom whose which
  what when where why how whether if is are was were be been being am do does did have has had will would
  shall should can could may might must want wants wanted need needs needed like please let lets
  create make build write generate prepare draft set up ask asking collect collecting gather gathering get
  getting understand understanding measure measuring know learn find out see check
  regarding concerning covering including especially particularly focusing focused focus around
  etc eg recent recently last latest past current upcoming next feel feels felt think thinks thought
  enjoyed enjoy liked attended attend visited used use using stayed took taking improve improving change go
  visiting attending staying joining participating completing run runs own owns manage manages operate
  operates organise organize organised organized host hosts hosted held offer offers
  aspects aspect things topics areas mejorar cambiar aspectos temas cosas ameliorer changer sujets
  themes choses verbessern andern aspekte themen dinge melhorar mudar assuntos coisas migliorare cambiare
  aspetti temi cose vorremmo vorrei se ci si ad anche non piu wir ich uns neue neuen neuer neues
  el la los las lo un una unos unas de del al y e o u ni para por con sin sobre en entre desde hasta hacia
  mi mis tu tus su sus nuestro nuestra nuestros nuestras que quien como cuando donde cual este esta estos
  estas ese esa crear hacer quiero queremos necesito preguntar saber conocer medir acerca respecto
  le les des du au aux et ou pour par avec sans sur dans chez entre vers mon ma mes ton ta tes son sa ses une
  notre nos votre vos leur leurs qui quoi comment quand ce cet cette ces creer faire veux voulons besoin
  demander savoir mesurer concernant propos sujet notamment
  der die das den dem des ein eine einer eines einem einen und oder fur mit ohne uber zu zum zur von vom bei
  beim im in an am auf aus nach vor mein meine unser unsere unserer unseres unserem unseren ihr ihre sein
  seine wie wann wo was wer erstellen machen mochte mochten will wollen brauche fragen wissen messen
  bezuglich hinsichtlich insbesondere zwischen
  o os as um uma uns umas do da dos das no na nos nas em com sem sobre pelo pela pelos pelas meu minha
  meus minhas seu sua seus suas nosso nossa nossos nossas criar fazer quero queremos preciso perguntar
  saber medir relacao quanto respeito
  il lo gli di dello della dei degli delle alla alle allo ai agli nel nella nei negli nelle sul sulla sui
  sugli sulle col ed per tra fra mio mia miei mie nostro nostra nostri nostre suo sua suoi sue che chi come
  quando dove questo questa questi queste creare fare voglio vogliamo serve chiedere sapere misurare
  riguardo circa incluso inclusi particolare soprattutto
`);

/**
 * The vocabulary of surveys and of the people who answer them: not a subject either
 * ("feedback from attendees of a jazz festival" is about the jazz festival).
 */
export const isSurveyWord = oneOf(`
  survey surveys questionnaire questionnaires poll polls form forms feedback opinion opinions review reviews
  evaluation evaluations evaluate assessment assess quick short brief simple small little design rate rating
  ratings score research study question questions answer answers idea ideas insight insights views
  people respondents attendees attendee participants participant customers customer clients client users user
  visitors visitor guests guest employees employee staff students student patients patient members member
  audience public everyone someone anyone satisfaction experience experiences engagement perception perceptions
  nps csat ces kpi ux usability usabilidad utilisabilite benutzerfreundlichkeit usabilidade usabilita test
  tests testing clienti quarterly annual yearly monthly weekly pulse residents neighbours neighbors citizens
  parents volunteers fans readers listeners viewers subscribers donors voters players drivers travellers
  travelers passengers tenants diners shoppers buyers
  encuesta encuestas cuestionario opinion opiniones valoracion evaluacion clientes cliente usuarios usuario
  asistentes participantes empleados estudiantes alumnos pacientes visitantes huespedes hospedes hospede
  huesped hotes satisfaccion
  experiencia enquete enquetes sondage avis participants utilisateurs visiteurs salaries eleves etudiants
  umfrage fragebogen befragung meinung bewertung kunden teilnehmer besucher nutzer mitarbeiter
  mitarbeitende studierende patienten gaste zufriedenheit erfahrung pesquisa questionario opiniao avaliacao
  usuarios utilizadores funcionarios alunos satisfacao experiencia sondaggio parere valutazione utenti
  visitatori ospiti dipendenti studenti pazienti partecipanti soddisfazione esperienza
`);

/** The people who answer: an aspect that starts with one is a clause ("people buy snacks"). */
export const isRespondentWord = oneOf(`
  people respondents attendees participants customers clients users visitors guests employees staff students
  patients members residents neighbours neighbors citizens parents diners passengers gente personas clientes
  usuarios asistentes participantes empleados estudiantes pacientes gens personnes clients utilisateurs
  visiteurs salaries etudiants leute kunden nutzer besucher teilnehmer mitarbeiter pessoas usuarios visitantes
  funcionarios alunos persone clienti utenti visitatori dipendenti studenti pazienti
`);

/** Prepositions that join a name to what it belongs to ("usability of our online store"). */
export const isOfWord = oneOf('of for at de del des du von vom di della do da dos das');

/** A word that cannot be part of a subject. */
export function isFiller(token: Token): boolean {
  return (
    isFunctionWord(token) ||
    isSurveyWord(token) ||
    /^\d+$/.test(token.norm) ||
    /^(?:post|pre|end|after)-/.test(token.norm) ||
    // German compounds naming the survey itself: "Patientenbefragung", "Kundenumfrage".
    /.{3,}(?:befragung|umfrage|fragebogen|feedback|zufriedenheit)$/.test(token.norm)
  );
}

/** Words that end a subject: what follows them is a clause, not part of the name. */
export const isSubjectBreak = oneOf(`
  after before during because since while when where who that which so to whether if about regarding concerning
  on covering including especially particularly focusing
  despues antes durante porque cuando donde que quien sobre acerca respecto incluyendo especialmente
  apres avant pendant parce quand ou qui que sur concernant notamment
  nach vor wahrend weil wenn wo wer dass uber bezuglich insbesondere
  depois antes durante porque quando onde quem que sobre incluindo especialmente
  dopo prima durante perche quando dove chi che su riguardo circa incluso soprattutto
`);

/**
 * Words and phrases that introduce the aspects an idea lists ("about food, sound and tickets"), per
 * language, folded. A colon always does too.
 */
export const ASPECT_TRIGGERS: Record<Language, readonly string[]> = {
  en: list(`
    with questions about, with questions on, in terms of, focusing on, focused on, focus on, such as, for
    example, regarding, concerning, covering, including, especially, particularly, about, on, with, rate,
    evaluate
  `),
  es: list(`
    con preguntas sobre, en cuanto a, con respecto a, respecto a, respecto de, acerca de, centrada en,
    centrado en, incluyendo, especialmente, por ejemplo, sobre, como
  `),
  fr: list(`
    a propos de, au sujet de, portant sur, en particulier, y compris, par exemple, concernant, notamment,
    comme, sur
  `),
  de: list(`
    zum thema, zu themen wie, insbesondere, hinsichtlich, bezuglich, betreffend, zum beispiel,
    einschliesslich, wie zum beispiel, uber, zum, zur, zu
  `),
  pt: ['a respeito de', 'em relacao a', 'com foco em', 'quanto a', 'incluindo', 'por exemplo', 'como', 'sobre'],
  it: list(`
    per quanto riguarda, riguardo a, riguardo, in particolare, ad esempio, soprattutto, inclusi, incluso,
    come, sulla, sulle, sugli, sul, sui, su
  `),
};

/** Triggers too common to introduce a single aspect on their own (a list after them still counts). */
export const WEAK_TRIGGERS = new Set(list('on, with, rate, evaluate, como, comme, come, zu, zum, zur, :, ：'));

/** Words that open a clause: a listed item starting with one is a question, not an aspect. */
export const isClauseStarter = oneOf(`
  whether if how why what who which that when where si como comment pourquoi quoi ob wie warum wer wann se come
  perche quanto quale porque quando
`);

/** Words that join list items in each language; folded. */
export const LIST_JOINERS: Record<Language, readonly string[]> = {
  en: ['and also', 'as well as', 'and', 'or', 'plus', 'along with'],
  es: ['y tambien', 'asi como', 'y', 'e', 'o', 'u'],
  fr: ['ainsi que', 'et', 'ou'],
  de: ['sowie', 'und', 'oder'],
  pt: ['bem como', 'assim como', 'e', 'ou'],
  it: ['nonche', 'oppure', 'e', 'ed', 'o'],
};

/** Leading words to drop from a listed aspect: articles, possessives, "how", quantifiers. */
export const isAspectLeader = oneOf(`
  the a an our their its his her your my this that these those some any overall general
  el la los las lo un una unos unas su sus nuestro nuestra nuestros nuestras mi mis
  le les un une des du de notre nos leur leurs mon ma mes
  der die das den dem des ein eine einen einem einer unser unsere unseren unserem ihr ihre
  o a os as um uma do da dos das nosso nossa nossos nossas seu sua seus suas
  il lo la i gli le un una uno del della dei degli delle nostro nostra nostri nostre suo sua
`);
