/** The knowledge base the retrieval tests search: four documents on four topics, and the words the test engine takes as one topic. */

/** Words that mean the same to the test engine's embeddings: a paraphrase lands near its original. */
export const TOPICS = [
  ['ocean', 'sea', 'tide', 'marine', 'wave', 'coast', 'shore', 'swell'],
  ['moon', 'lunar', 'planet', 'orbit', 'star', 'astronom'],
  ['bread', 'bake', 'oven', 'flour', 'dough', 'kitchen', 'loaf'],
  ['money', 'bank', 'loan', 'interest', 'credit', 'saving'],
  ['music', 'song', 'melody', 'guitar', 'piano', 'chord'],
];

export const TIDES = `# Coastal notes

## Tides

Twice a day the ocean rises and falls along the coast, and every wave follows the tide.

## Storms

Winter storms push marine water over the shore.`;

export const BAKERY = `# Bakery handbook

## Ovens

Bake each loaf of bread in a hot oven; flour the dough and keep the kitchen warm. Oven door kit ZX-4471 fits every oven we bake in.`;

export const FINANCE = `# Savings

Money in a savings account earns interest from the bank; a loan costs interest and credit.`;

export const MUSIC = `# Practice

Play the melody on guitar, then the chords of the song on piano.`;
