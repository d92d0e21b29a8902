//! What the TypeScript signatures of commands and events need from ts-rs beyond a type's name.

use std::collections::BTreeSet;

use ts_rs::{Config, ExportError, TS, TypeVisitor};

/// Adds the exported types `T` names (itself, or what it wraps: `Option<Pet>`, `Vec<Pet>`).
pub fn named<T: TS + 'static + ?Sized>(cfg: &Config, into: &mut BTreeSet<String>) {
    struct Collect<'a>(&'a Config, &'a mut BTreeSet<String>);
    impl TypeVisitor for Collect<'_> {
        fn visit<T: TS + 'static + ?Sized>(&mut self) {
            named::<T>(self.0, self.1);
        }
    }
    if <T as TS>::output_path().is_some() {
        into.insert(<T as TS>::ident(cfg));
    } else {
        <T as TS>::visit_generics(&mut Collect(cfg, into));
    }
}

/// Writes the exported types `T` names, with everything they name in turn, into `cfg`'s folder.
pub fn export_named<T: TS + 'static + ?Sized>(cfg: &Config) -> Result<(), ExportError> {
    struct Export<'a>(&'a Config, Result<(), ExportError>);
    impl TypeVisitor for Export<'_> {
        fn visit<T: TS + 'static + ?Sized>(&mut self) {
            if self.1.is_ok() {
                self.1 = export_named::<T>(self.0);
            }
        }
    }
    if <T as TS>::output_path().is_some() {
        return <T as TS>::export_all(cfg);
    }
    let mut export = Export(cfg, Ok(()));
    <T as TS>::visit_generics(&mut export);
    export.1
}

/// A function of [`export_named`], one per type a signature names.
pub type Export = fn(&Config) -> Result<(), ExportError>;
