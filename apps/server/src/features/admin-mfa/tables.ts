import type { Generated } from 'kysely';

/** An admin's TOTP secret: enrolled once `enrolled_at` is set; until then a pending enrolment. */
export interface AdminSecondFactorsTable {
  account_id: string;
  /** AES-256-GCM under a key derived from the JWT secret (secret-box.ts); never answered after enrolment starts. */
  secret: string;
  enrolled_at: string | null;
  /** The last 30-second step a code was accepted for: a code for it or an earlier one is a replay. */
  last_step: Generated<number>;
  created_at: string;
}

/** One recovery code: SHA-256 of the code (each is 50 random bits), used once. */
export interface AdminRecoveryCodesTable {
  code_hash: string;
  account_id: string;
  used_at: string | null;
}

/** Between the password step and the code step: SHA-256 of the challenge the client holds. */
export interface AdminSignInChallengesTable {
  id_hash: string;
  account_id: string;
  /** The account's token version at the password step: a password change since ends the challenge. */
  token_version: number;
  tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AdminMfaTables {
  admin_second_factors: AdminSecondFactorsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_sign_in_challenges: AdminSignInChallengesTable;
}
