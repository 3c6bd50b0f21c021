import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A person's city (issue 48): picked from the bundled list of world cities
    -- (modules/places), its GeoNames id and coordinates kept beside the location text it
    -- wrote, so Discover can measure the distance between two people's cities. Never GPS.
    alter table users add column city_id integer;
    alter table users add column city_lat double precision;
    alter table users add column city_lon double precision;
    alter table users add constraint users_city_coordinates check (
      (city_id is null and city_lat is null and city_lon is null)
      or (city_id is not null and city_lat between -90 and 90 and city_lon between -180 and 180)
    );

    -- Discover filters a person sets (issue 48): an age range (null: the spec's 5 years either
    -- side of their own age) and a maximum distance in km between cities (null: any).
    alter table user_settings add column discover_age_min smallint;
    alter table user_settings add column discover_age_max smallint;
    alter table user_settings add column discover_max_km integer;
    alter table user_settings add constraint user_settings_discover_ages check (
      (discover_age_min is null or discover_age_min between 18 and 100)
      and (discover_age_max is null or discover_age_max between 18 and 100)
      and (discover_age_min is null or discover_age_max is null
           or discover_age_min <= discover_age_max)
    );
    alter table user_settings add constraint user_settings_discover_km check (
      discover_max_km is null or discover_max_km between 1 and 20000
    );

    -- The free-text locations written before this are matched to a city where that is
    -- unambiguous, once, by a job (places.service.ts): the list lives in the code, not here.
    insert into jobs (kind, payload, run_at) values ('places.match-locations', '{}', now());
  `.execute(db);
}
