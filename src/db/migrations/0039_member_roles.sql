-- Roles of the dashboard's members (src/domain/users/roles.ts maps each to the API key scopes it
-- holds). Everyone who could sign in before roles existed could do everything: they become
-- owners. A new user's role is always given (the default is dropped after the back-fill).
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'owner'
  CHECK (role IN ('owner', 'admin', 'developer', 'finance', 'viewer'));
ALTER TABLE users ALTER COLUMN role DROP DEFAULT;

-- The role an invitation gives the person who accepts it (NULL for the setup link, whose
-- first user of a store is its owner; an invitation made before roles existed also gives owner,
-- as anyone invited then could do everything).
ALTER TABLE user_links ADD COLUMN role text
  CHECK (role IN ('owner', 'admin', 'developer', 'finance', 'viewer'));

-- "Require two factors": a member of the account without an authenticator app is sent to set
-- one up before any other dashboard page opens.
ALTER TABLE accounts ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;
