//! The IPC commands, made from the one list in `command_list.rs`: each a `#[tauri::command]`
//! whose arguments and result are the list's types (so a body that answers another type does not
//! compile), the invoke handler, the names, and the TypeScript signature of each for the UI's
//! generated functions (`tests/bindings.rs` writes them).

use std::collections::BTreeSet;

use tauri::ipc::{Channel, CommandArg, CommandItem, InvokeError};
use tauri::{AppHandle, Runtime, State};
use ts_rs::{Config, TS};

use crate::backend::Backend;
use crate::commands;
#[allow(
    clippy::wildcard_imports,
    reason = "the list names the contract's types as the UI does, without paths"
)]
use crate::dto::*;
use crate::updates;

/// For `with_commands!`: one `#[tauri::command]` per entry. `_app` is taken by every command (the
/// runtime parameter needs it) and named for the body only where the list asks for it.
macro_rules! ipc_commands {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident [$backend:ident $(, $app:ident)?]
            ($($arg:ident : $ty:ty $(as $ts:literal)?),* $(,)?) -> $result:ty $body:block
    )*) => {
        $(
            $(#[doc = $doc])*
            #[tauri::command]
            pub async fn $name<R: Runtime>(
                _app: AppHandle<R>,
                $backend: State<'_, Backend>,
                $($arg: $ty),*
            ) -> Result<$result, CommandError> {
                $(let $app = _app;)?
                $body
            }
        )*
    };
}

with_commands!(ipc_commands);

/// Every command's IPC name, from the one list.
pub const COMMAND_NAMES: &[&str] = with_commands!(command_names);

/// For `with_commands!`: the invoke handler of the functions above.
macro_rules! invoke_handler {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident [$($inject:ident),+] ($($arg:ident : $ty:ty $(as $ts:literal)?),* $(,)?)
            -> $result:ty $body:block
    )*) => {
        tauri::generate_handler![$($name),*]
    };
}

/// Registers every command of [`COMMAND_NAMES`]; the caller manages a [`Backend`].
pub fn with_commands<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(with_commands!(invoke_handler))
}

/// A command's progress, sent on a channel the UI's call made (`tauri::ipc::Channel`): for work
/// that ends with the call (an export); work that outlives it (an import) sends events. In
/// TypeScript it is `Channel<T>`, which the generated function takes as a callback.
pub struct Progress<T>(pub Channel<T>);

impl<T> std::fmt::Debug for Progress<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Progress").field(&self.0.id()).finish()
    }
}

impl<T: serde::Serialize + Clone> Progress<T> {
    /// Sends `message`; a window closed meanwhile is no reason to stop the work.
    pub fn send(&self, message: T) {
        if let Err(error) = self.0.send(message) {
            log::debug!("progress not delivered: {error}");
        }
    }
}

impl<'de, R: Runtime, T: Clone> CommandArg<'de, R> for Progress<T> {
    fn from_command(command: CommandItem<'de, R>) -> Result<Self, InvokeError> {
        Channel::from_command(command).map(Progress)
    }
}

impl<T: TS> TS for Progress<T> {
    type WithoutGenerics = Progress<ts_rs::Dummy>;
    type OptionInnerType = Self;

    fn name(cfg: &Config) -> String {
        format!("Channel<{}>", T::name(cfg))
    }

    fn inline(cfg: &Config) -> String {
        Self::name(cfg)
    }

    fn visit_generics(v: &mut impl ts_rs::TypeVisitor)
    where
        Self: 'static,
    {
        T::visit_generics(v);
        v.visit::<T>();
    }
}

/// A command as the UI's generated function calls it.
#[derive(Debug, Clone)]
pub struct CommandSignature {
    /// The IPC name, as the list spells it.
    pub name: &'static str,
    /// The list's doc comment, a line an element.
    pub docs: Vec<&'static str>,
    /// Each argument's Rust name and TypeScript type.
    pub args: Vec<(&'static str, String)>,
    /// The TypeScript type of the answer.
    pub result: String,
    /// The generated types the signature names (to import).
    pub types: BTreeSet<String>,
    /// Writes those types' files.
    pub exports: Vec<Export>,
}

/// For `with_commands!`: each command's [`CommandSignature`].
macro_rules! command_signatures {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident [$($inject:ident),+] ($($arg:ident : $ty:ty $(as $ts:literal)?),* $(,)?)
            -> $result:ty $body:block
    )*) => {
        |cfg: &Config| vec![$({
            let mut types = BTreeSet::new();
            let exports: Vec<Export> = vec![$(export_named::<$ty>,)* export_named::<$result>];
            let args = vec![$((
                stringify!($arg),
                ts_of::<$ty>(cfg, Option::<&str>::None $(.or(Some($ts)))?, &mut types),
            )),*];
            named::<$result>(cfg, &mut types);
            CommandSignature {
                name: stringify!($name),
                docs: vec![$($doc),*],
                args,
                result: <$result as TS>::name(cfg),
                types,
                exports,
            }
        }),*]
    };
}

/// Every command's signature, in the list's order.
pub fn command_signatures(cfg: &Config) -> Vec<CommandSignature> {
    let signatures: fn(&Config) -> Vec<CommandSignature> = with_commands!(command_signatures);
    signatures(cfg)
}

/// An argument's TypeScript type: as the list writes it, else as ts-rs names it.
fn ts_of<T: TS + 'static>(
    cfg: &Config,
    written: Option<&str>,
    types: &mut BTreeSet<String>,
) -> String {
    match written {
        Some(ts) => ts.to_owned(),
        None => {
            named::<T>(cfg, types);
            <T as TS>::name(cfg)
        }
    }
}
