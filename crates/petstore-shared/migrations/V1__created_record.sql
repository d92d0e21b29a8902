-- The shared store's first schema: the marker that says this database is a Petstore Admin
-- store, and the created record shared by every desk (docs/shared-store.md).
--
-- Run by refinery in one transaction with its history row (petstore_schema_history), by the
-- first desk that connects with a user allowed to create tables; desks need only the
-- privileges docs/shared-store.md grants.

-- One row: this database is a Petstore Admin store, and which one.
CREATE TABLE petstore_store (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    store_id uuid NOT NULL DEFAULT gen_random_uuid(),
    created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO petstore_store DEFAULT VALUES;

-- Every create any desk claimed, per environment (the service's base address). A claim is
-- written before its request goes and settled after; the latest state is the row's.
CREATE TABLE petstore_claims (
    environment text NOT NULL CHECK (length(environment) BETWEEN 1 AND 2048),
    -- The desk (computer) that claimed it, and the OS account it ran under.
    desk text NOT NULL CHECK (length(desk) BETWEEN 1 AND 255),
    account text NOT NULL CHECK (length(account) <= 255),
    -- The desk's own key: `single:…` or `<journal>:<row>`, as in the local record.
    claim_key text NOT NULL CHECK (length(claim_key) BETWEEN 1 AND 512),
    -- What makes two creates the same pet (petstore-shared's fingerprint.rs): the whole of it,
    -- and the part that must be equal when one side has no status.
    fingerprint text NOT NULL CHECK (length(fingerprint) <= 8192),
    pet_group text NOT NULL CHECK (length(pet_group) <= 8192),
    name text NOT NULL CHECK (length(name) <= 4096),
    category_id bigint NOT NULL,
    status text CHECK (length(status) <= 255),
    source_kind text NOT NULL
        CHECK (source_kind IN ('import', 'form', 'addAgain', 'commandLine', 'outbox')),
    source_file text CHECK (length(source_file) <= 1024),
    source_line bigint CHECK (source_line >= 0),
    -- The person chose to add it again although an earlier create of the same pet is known.
    again boolean NOT NULL DEFAULT false,
    state text NOT NULL DEFAULT 'claimed'
        CHECK (state IN ('claimed', 'created', 'refused', 'unknown')),
    pet_id bigint,
    claimed_at timestamptz NOT NULL DEFAULT now(),
    settled_at timestamptz,
    PRIMARY KEY (environment, desk, claim_key),
    CHECK ((state = 'created') = (pet_id IS NOT NULL))
);

-- Two desks racing to claim the same pet: exactly one insert succeeds. Refused claims free
-- the pet; an "add again" is the person's deliberate second create and does not block.
CREATE UNIQUE INDEX petstore_claims_one_live
    ON petstore_claims (environment, fingerprint)
    WHERE state <> 'refused' AND NOT again;

-- "Was this pet added before?" for one pet and for an import's preview.
CREATE INDEX petstore_claims_by_group ON petstore_claims (environment, pet_group);

-- Claims nobody settled, for reconciliation after a desk died.
CREATE INDEX petstore_claims_unsettled
    ON petstore_claims (environment, claimed_at)
    WHERE state = 'claimed';
