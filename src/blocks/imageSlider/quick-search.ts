/**
 * The hero's quick search in the browser (progressive enhancement of a plain GET form): the model
 * select offers only the chosen make's models, the button says how many cars the choice finds
 * ("Search 12 cars"), and empty choices are left out of the listing's address.
 */
import { countMatching, searchLabel, type QuickCar } from './quick-count.ts';

function readCars(form: HTMLFormElement): QuickCar[] {
  try {
    const cars: unknown = JSON.parse(form.dataset.cars ?? '[]');
    return Array.isArray(cars) ? (cars as QuickCar[]) : [];
  } catch {
    return [];
  }
}

export function startQuickSearch(form: HTMLFormElement): void {
  const cars = readCars(form);
  const make = form.querySelector<HTMLSelectElement>('select[name="make"]');
  const model = form.querySelector<HTMLSelectElement>('select[name="model"]');
  const price = form.querySelector<HTMLSelectElement>('select[name="price"]');
  const submit = form.querySelector<HTMLButtonElement>('[data-quick-submit]');
  if (!make || !model || !price || !submit) return;
  // Every make's models, as the build wrote them (optgroups per make).
  const groups = [...model.querySelectorAll('optgroup')].map((g) => g.cloneNode(true) as HTMLOptGroupElement);
  const anyModel = model.querySelector('option[value=""]')?.cloneNode(true) as HTMLOptionElement | undefined;

  const fillModels = () => {
    const chosen = model.value;
    const shown = make.value ? groups.filter((g) => g.label === make.value) : groups;
    model.replaceChildren(...(anyModel ? [anyModel.cloneNode(true)] : []), ...shown.map((g) => g.cloneNode(true)));
    model.value = [...model.options].some((o) => o.value === chosen) ? chosen : '';
  };
  const count = () => {
    submit.textContent = searchLabel(countMatching(cars, make.value, model.value, price.value));
  };
  make.addEventListener('change', () => {
    fillModels();
    count();
  });
  model.addEventListener('change', count);
  price.addEventListener('change', count);
  // An empty choice adds nothing to the address (?make=Toyota, not ?make=Toyota&model=&price=).
  form.addEventListener('submit', () => {
    for (const select of [make, model, price]) select.disabled = select.value === '';
    setTimeout(() => {
      for (const select of [make, model, price]) select.disabled = false;
    }, 0);
  });
  fillModels();
  count();
}

export function startQuickSearches(doc: Document = document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-quick-search]')) startQuickSearch(form);
}
