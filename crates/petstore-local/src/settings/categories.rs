//! Category names. The service knows a category only by its number; a store names
//! its categories on this computer, one list per environment. Names never travel to the service.
//!
//! Kept in `settings.json` under `categoryNames`: one object per environment, ids as strings (an
//! int64 keeps every digit that way, also where JavaScript reads the file), for example
//! `{"sandbox": {"1": "Dogs", "2": "Cats"}}`. Changed only through [`crate::SettingsFile::update`]
//! like every setting. The file is hand-editable: readers go through [`CategoryNames::list`] and
//! [`CategoryNames::name_of`], which leave out entries a hand edit made unusable (an id below 1, a
//! name that is empty or too long); such entries stay in the file as they are.
//!
//! The rules, for the app, the CLI and every import: an id is a whole number from 1 up; a name is
//! 1–[`MAX_CATEGORY_NAME_CHARS`] characters once trimmed (runs of spaces, tabs and line breaks
//! inside count as one space); names differ within an environment ignoring upper and lower case;
//! at most [`MAX_CATEGORIES`] names per environment. Merging a list (a shared file, an import's
//! names column) adds names and never replaces one already there.

use std::collections::BTreeMap;

use petstore_client::Environment;
use serde::{Deserialize, Serialize};

/// Every refusal here is a [`CategoryError`].
type Result<T, E = CategoryError> = std::result::Result<T, E>;

/// The most characters of a category name, once trimmed.
pub const MAX_CATEGORY_NAME_CHARS: usize = 60;
/// The most names one environment keeps: plenty for a store, and the settings file stays small.
pub const MAX_CATEGORIES: usize = 1000;

/// Why a category name cannot be added, renamed or removed. `Display` is for a person.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CategoryError {
    #[error("A category id is a whole number from 1 up; {given} is not.")]
    IdNotPositive { given: i64 },
    #[error("A category name cannot be empty.")]
    NameEmpty,
    #[error(
        "The category name is {chars} characters long; a name has at most {MAX_CATEGORY_NAME_CHARS}."
    )]
    NameTooLong { chars: usize },
    #[error("\u{201c}{name}\u{201d} is already the name of category {id}.")]
    NameTaken { name: String, id: i64 },
    #[error("Category {id} already has a name, \u{201c}{name}\u{201d}.")]
    IdNamed { id: i64, name: String },
    #[error("Category {id} has no name.")]
    NotNamed { id: i64 },
    #[error("This environment already has {MAX_CATEGORIES} category names, the most it keeps.")]
    ListFull,
}

/// A valid category name: trimmed, inner whitespace as single spaces, 1–60 characters.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CategoryName(String);

impl CategoryName {
    pub fn parse(text: &str) -> Result<CategoryName> {
        let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
        match name.chars().count() {
            0 => Err(CategoryError::NameEmpty),
            chars if chars > MAX_CATEGORY_NAME_CHARS => Err(CategoryError::NameTooLong { chars }),
            _ => Ok(CategoryName(name)),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Two names are the same name when this is equal.
    fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// Every environment's names, as the settings file holds them (see the module's documentation).
/// Environments are keyed by their name, so a newer version's environments are kept as they are.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CategoryNames(BTreeMap<String, BTreeMap<i64, String>>);

/// What [`CategoryNames::merge`] did: names are added, never replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merge<T> {
    /// The names added, in the order offered.
    pub added: Vec<(i64, CategoryName)>,
    /// Names offered that the list already had for the same id (in any case).
    pub unchanged: usize,
    /// Names offered and not used, each with where it came from and why.
    pub refused: Vec<Refused<T>>,
}

/// One offered name that was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused<T> {
    pub at: T,
    pub id: i64,
    /// As offered.
    pub name: String,
    pub why: CategoryError,
}

impl CategoryNames {
    pub fn is_empty(&self) -> bool {
        self.0.values().all(BTreeMap::is_empty)
    }

    /// `env`'s usable names, by id.
    pub fn list(&self, env: Environment) -> Vec<(i64, CategoryName)> {
        self.0
            .get(env.as_str())
            .into_iter()
            .flatten()
            .filter(|(id, _)| **id >= 1)
            .filter_map(|(id, name)| Some((*id, CategoryName::parse(name).ok()?)))
            .collect()
    }

    /// `env`'s usable names as a map (what an export writes beside the numbers).
    pub fn map(&self, env: Environment) -> BTreeMap<i64, String> {
        self.list(env)
            .into_iter()
            .map(|(id, name)| (id, name.0))
            .collect()
    }

    pub fn name_of(&self, env: Environment, id: i64) -> Option<CategoryName> {
        let name = self.0.get(env.as_str())?.get(&id)?;
        (id >= 1).then(|| CategoryName::parse(name).ok()).flatten()
    }

    /// Names `id`, which has no name yet.
    pub fn add(&mut self, env: Environment, id: i64, name: &str) -> Result<CategoryName> {
        let name = CategoryName::parse(name)?;
        let id = positive(id)?;
        if let Some(has) = self.name_of(env, id) {
            return Err(CategoryError::IdNamed { id, name: has.0 });
        }
        self.not_taken(env, id, &name)?;
        if self.list(env).len() >= MAX_CATEGORIES {
            return Err(CategoryError::ListFull);
        }
        self.put(env, id, &name);
        Ok(name)
    }

    /// Gives `id`, which has a name, another one.
    pub fn rename(&mut self, env: Environment, id: i64, name: &str) -> Result<CategoryName> {
        let name = CategoryName::parse(name)?;
        let id = positive(id)?;
        if self.name_of(env, id).is_none() {
            return Err(CategoryError::NotNamed { id });
        }
        self.not_taken(env, id, &name)?;
        self.put(env, id, &name);
        Ok(name)
    }

    /// Forgets `id`'s name (also an entry a hand edit made unusable); returns what it was.
    pub fn remove(&mut self, env: Environment, id: i64) -> Result<String> {
        let names = self
            .0
            .get_mut(env.as_str())
            .ok_or(CategoryError::NotNamed { id })?;
        let removed = names.remove(&id).ok_or(CategoryError::NotNamed { id })?;
        if names.is_empty() {
            self.0.remove(env.as_str());
        }
        Ok(removed)
    }

    /// Adds the offered names `env` does not have yet, in order; never replaces a name. An id
    /// offered twice with two names keeps the first. Each offer carries where it came from
    /// (`at`: a line of a file), for the refusals.
    pub fn merge<T>(
        &mut self,
        env: Environment,
        offers: impl IntoIterator<Item = (T, i64, String)>,
    ) -> Merge<T> {
        let mut merge = Merge {
            added: Vec::new(),
            unchanged: 0,
            refused: Vec::new(),
        };
        for (at, id, offered) in offers {
            let same = CategoryName::parse(&offered)
                .ok()
                .zip(self.name_of(env, id))
                .is_some_and(|(offered, has)| offered.key() == has.key());
            if same {
                merge.unchanged += 1;
                continue;
            }
            match self.add(env, id, &offered) {
                Ok(name) => merge.added.push((id, name)),
                Err(why) => merge.refused.push(Refused {
                    at,
                    id,
                    name: offered,
                    why,
                }),
            }
        }
        merge
    }

    fn not_taken(&self, env: Environment, id: i64, name: &CategoryName) -> Result<()> {
        let key = name.key();
        match self
            .list(env)
            .into_iter()
            .find(|(other, has)| *other != id && has.key() == key)
        {
            Some((other, has)) => Err(CategoryError::NameTaken {
                name: has.0,
                id: other,
            }),
            None => Ok(()),
        }
    }

    fn put(&mut self, env: Environment, id: i64, name: &CategoryName) {
        self.0
            .entry(env.as_str().to_owned())
            .or_default()
            .insert(id, name.0.clone());
    }
}

fn positive(id: i64) -> Result<i64> {
    if id >= 1 {
        Ok(id)
    } else {
        Err(CategoryError::IdNotPositive { given: id })
    }
}

#[cfg(test)]
mod tests;
