import { useState } from 'preact/hooks';
import { Store, useStore } from './store';
import { Dialog, DialogForm, toast } from './ui';

/**
 * The characters a completion can play: a name and the usual character_params
 * (docs/completions.md). The service keeps no characters, so the console keeps them in this
 * browser, starting with the docs' example.
 */
export interface Character {
  name: string;
  description: string;
  personality: string;
  speakingStyle: string;
  language: string;
}

const STORAGE = 'persona-console-characters';
const EXAMPLE: Character = {
  name: 'Captain Rowan',
  description: 'a retired sea captain',
  personality: 'gruff but kind',
  speakingStyle: 'nautical slang',
  language: 'English',
};
const FIELDS: [keyof Omit<Character, 'name'>, string, string][] = [
  ['description', 'Description', 'a retired sea captain'],
  ['personality', 'Personality', 'gruff but kind'],
  ['speakingStyle', 'Speaking style', 'nautical slang'],
  ['language', 'Language', 'English'],
];

function stored(): Character[] {
  try {
    const found = JSON.parse(localStorage.getItem(STORAGE) ?? 'null') as Character[] | null;
    return Array.isArray(found) ? found : [EXAMPLE];
  } catch {
    return [EXAMPLE];
  }
}

export const characters = new Store<Character[]>(stored());

function keep(list: Character[]): void {
  characters.set(list);
  localStorage.setItem(STORAGE, JSON.stringify(list));
}

/** The submitCompletion fields for a character: its name, and the parameters it has. */
export function characterInput(character: Character | undefined): { character?: string; characterParams?: Record<string, string> } {
  if (!character) return {};
  const params = {
    description: character.description,
    personality: character.personality,
    speaking_style: character.speakingStyle,
    language: character.language,
  };
  const given = Object.fromEntries(Object.entries(params).filter(([, value]) => value.trim() !== ''));
  return { character: character.name, ...(Object.keys(given).length ? { characterParams: given } : {}) };
}

function CharacterForm(props: { editing: Character | null; onSaved: (name: string) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<Character>(props.editing ?? { name: '', description: '', personality: '', speakingStyle: '', language: '' });
  const set = (field: keyof Character, value: string) => setDraft({ ...draft, [field]: value });
  const save = () => {
    const name = draft.name.trim();
    const others = characters.get().filter((each) => each.name !== (props.editing?.name ?? name));
    if (others.some((each) => each.name === name)) {
      toast('error', `There is already a character named ${name}.`);
      return Promise.resolve(false);
    }
    keep([...others, { ...draft, name }].sort((a, b) => a.name.localeCompare(b.name)));
    toast('success', `${name} saved in this browser.`);
    props.onSaved(name);
    return Promise.resolve(true);
  };
  return (
    <DialogForm submit="Save" onSubmit={save} onClose={props.onClose}>
      <label>
        Name
        <input required maxLength={100} value={draft.name} onInput={(event) => set('name', event.currentTarget.value)} />
      </label>
      {FIELDS.map(([field, label, example]) => (
        <label key={field}>
          {label}
          <input maxLength={2000} placeholder={example} value={draft[field]} onInput={(event) => set(field, event.currentTarget.value)} />
        </label>
      ))}
    </DialogForm>
  );
}

/** Picks the character of a conversation, or makes and edits one. */
export function CharacterPicker(props: { selected: string; onSelect: (name: string) => void }) {
  const list = useStore(characters);
  const [editing, setEditing] = useState<Character | null | undefined>(undefined);
  const current = list.find((each) => each.name === props.selected);
  return (
    <div class="panel character">
      <div class="inline-form">
        <label>
          Character
          <select value={current ? current.name : ''} onChange={(event) => props.onSelect(event.currentTarget.value)}>
            <option value="">No character</option>
            {list.map((each) => (
              <option key={each.name} value={each.name}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
        <div class="buttons">
          <button type="button" onClick={() => setEditing(null)}>
            New character
          </button>
          <button type="button" disabled={!current} onClick={() => setEditing(current)}>
            Edit
          </button>
        </div>
      </div>
      {current ? (
        <p class="detail character-facts">
          {FIELDS.map(([field, label]) => (current[field] ? `${label}: ${current[field]}` : null))
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <Dialog title={editing ? `Edit ${editing.name}` : 'New character'} open={editing !== undefined} onClose={() => setEditing(undefined)}>
        <CharacterForm key={editing?.name ?? ''} editing={editing ?? null} onSaved={props.onSelect} onClose={() => setEditing(undefined)} />
      </Dialog>
    </div>
  );
}
