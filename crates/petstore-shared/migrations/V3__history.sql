-- The shared activity history (docs/shared-store.md): one row per request any desk made, with
-- the desk's name and OS account. Desks write in batches; a batch repeated after a lost answer
-- adds nothing (one row per desk and local entry id).

CREATE TABLE petstore_history (
    -- Insertion order; ties of started_at are ordered by it.
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    desk text NOT NULL CHECK (length(desk) BETWEEN 1 AND 255),
    account text NOT NULL CHECK (length(account) <= 255),
    -- The entry's id in the desk's own history: what makes a repeated batch harmless.
    local_id bigint NOT NULL,
    -- The desk's clock, as in the local history.
    started_at timestamptz NOT NULL,
    -- The base address (the store's "environment", as in the claims and the outbox), and the
    -- environment's name the desk gave it then (production, staging, …).
    environment text NOT NULL CHECK (length(environment) BETWEEN 1 AND 2048),
    environment_name text NOT NULL CHECK (length(environment_name) <= 64),
    operation text NOT NULL CHECK (length(operation) BETWEEN 1 AND 64),
    method text NOT NULL CHECK (length(method) BETWEEN 1 AND 16),
    path text NOT NULL CHECK (length(path) <= 4096),
    status integer CHECK (status BETWEEN 100 AND 999),
    duration_ms bigint NOT NULL CHECK (duration_ms >= 0),
    -- Requests put on the wire (retries included): what the quota counts.
    attempts integer NOT NULL CHECK (attempts >= 0),
    rate_limited integer NOT NULL CHECK (rate_limited >= 0),
    outcome text NOT NULL CHECK (length(outcome) BETWEEN 1 AND 64),
    -- The rate-limit headers of the last answer that had them.
    rl_limit bigint,
    rl_remaining bigint,
    rl_reset_at timestamptz,
    rl_window text CHECK (length(rl_window) <= 16),
    pet_name text CHECK (length(pet_name) <= 4096),
    pet_id bigint,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (desk, local_id)
);

-- Newest first (scanned backwards), with the keyset's tie-breaker.
CREATE INDEX petstore_history_newest ON petstore_history (started_at, id);
-- One environment newest first, and its day figure.
CREATE INDEX petstore_history_environment ON petstore_history (environment, started_at, id);

-- A search that is a whole number also matches the pet's id (as locally).
CREATE INDEX petstore_history_pet_id ON petstore_history (pet_id) WHERE pet_id IS NOT NULL;

-- Search by pet name (ILIKE '%…%'): a trigram index when pg_trgm can be had (PostgreSQL's
-- contrib, trusted since 13, so the database's owner may create it); else a btree on the
-- folded name, which serves a prefix search only (docs/shared-store.md says so).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        BEGIN
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN insufficient_privilege OR feature_not_supported THEN
            RAISE NOTICE 'pg_trgm could not be created: %', SQLERRM;
        END;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX petstore_history_pet_name ON petstore_history
            USING gin (pet_name gin_trgm_ops);
    ELSE
        CREATE INDEX petstore_history_pet_name ON petstore_history
            (lower(pet_name) text_pattern_ops);
    END IF;
END
$$;
