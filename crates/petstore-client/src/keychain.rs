//! One API key per environment in the OS keychain (CLI helper fills this in).
