//! Reference server of the Pet Store interface (sandbox helper fills this in).
