-- The shared outbox (docs/shared-store.md): pets any desk queued while they could not be sent,
-- per environment (the service's base address), sent by one desk at a time in the order filled.
--
-- An entry leaves the table when it is sent (or found already added); refused and unconfirmed
-- entries stay for a person to edit, drop or send anyway, as in the local outbox.

CREATE TABLE petstore_outbox (
    -- The order filled: one sequence for every environment, so ids only grow.
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    environment text NOT NULL CHECK (length(environment) BETWEEN 1 AND 2048),
    -- The desk (computer) that queued it, and the OS account it ran under.
    desk text NOT NULL CHECK (length(desk) BETWEEN 1 AND 255),
    account text NOT NULL CHECK (length(account) <= 255),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 4096),
    category_id bigint NOT NULL,
    status text CHECK (length(status) <= 255),
    reason text NOT NULL CHECK (reason IN ('offline', 'quotaSpent', 'chosen')),
    -- QuotaSpent: not before this (when the service said).
    reason_until timestamptz,
    -- The person already chose to add it again: an earlier add does not hold it back.
    allow_repeat boolean NOT NULL DEFAULT false,
    state text NOT NULL DEFAULT 'waiting'
        CHECK (state IN ('waiting', 'sending', 'refused', 'unconfirmed')),
    -- While sending: the desk holding the lease, until when, and the key it claims the create
    -- under in petstore_claims (a claim is the desk's: (environment, leased_by, send_key)).
    leased_by text CHECK (length(leased_by) BETWEEN 1 AND 255),
    lease_until timestamptz,
    send_key text CHECK (length(send_key) BETWEEN 1 AND 512),
    sending_since timestamptz,
    -- Refused: the service's words.
    refused_message text CHECK (length(refused_message) <= 4096),
    queued_at timestamptz NOT NULL DEFAULT now(),
    -- When it last changed state (refused or unconfirmed: when).
    changed_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((state = 'sending') = (leased_by IS NOT NULL AND lease_until IS NOT NULL
                                  AND send_key IS NOT NULL AND sending_since IS NOT NULL)),
    CHECK ((state = 'refused') = (refused_message IS NOT NULL))
);

-- One environment's entries in the order filled: the list, the bound and the next to send.
CREATE INDEX petstore_outbox_by_environment ON petstore_outbox (environment, id);
