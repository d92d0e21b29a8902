//! Category names: each environment's list, kept in the settings file
//! (`petstore-local`'s `CategoryNames`, under the file's lock and broken-file rules), edited in
//! Settings → Categories, shared as a small CSV (`petstore-bulk`'s `category_list`), and learned
//! from an import's names column when the import starts. Every change tells the UI the
//! environment's whole list (`category-names`). Names never travel to the service.
use std::collections::BTreeMap;
use std::path::Path;

use petstore_bulk::ParsedFile;
use petstore_bulk::category_list::{self, ListRow, MAX_LIST_BYTES};
use petstore_client::{Environment, parse_category_id};
use petstore_local::{CategoryError, CategoryNames, Merge};

use super::Backend;
use super::exports::write_file;
use super::imports::{file_name, read_bounded};
use crate::dto::{
    AppEvent, CategoryEntry, CategoryFailure, CategoryImport, CategoryList, CategoryMerge,
    CategoryProblem, CategoryRefusal, CommandError, SavedFile,
};
use crate::errors::category::{refusal, refused};

/// A change's answer: the environment's whole list after it.
type Listed = Result<CategoryList, CommandError>;

impl Backend {
    /// `env`'s names, by id.
    pub fn category_names(&self, env: Environment) -> CategoryList {
        list_of(env, &self.settings().category_names)
    }

    /// `env`'s names as a map, for an export.
    pub(super) fn category_map(&self, env: Environment) -> BTreeMap<i64, String> {
        self.settings().category_names.map(env)
    }

    /// Names category `id`, which has no name yet in `env`.
    pub fn add_category_name(&self, env: Environment, id: &str, name: &str) -> Listed {
        self.edit(env, id, name, |names, id| {
            names.add(env, id, name).map(drop)
        })
    }

    /// Gives category `id`, which has a name in `env`, another one.
    pub fn rename_category(&self, env: Environment, id: &str, name: &str) -> Listed {
        self.edit(env, id, name, |names, id| {
            names.rename(env, id, name).map(drop)
        })
    }

    /// Forgets category `id`'s name in `env`.
    pub fn remove_category_name(&self, env: Environment, id: &str) -> Listed {
        self.edit(env, id, "", |names, id| names.remove(env, id).map(drop))
    }

    /// Changes `env`'s names under the settings file's lock, once `id` is a number; a refusal
    /// names the id and name as the person gave them.
    fn edit(
        &self,
        env: Environment,
        id: &str,
        name: &str,
        change: impl Fn(&mut CategoryNames, i64) -> Result<(), CategoryError>,
    ) -> Listed {
        let number = parse_id(id, name)?;
        self.change_local(|settings| Ok(change(&mut settings.category_names, number)))?
            .map_err(|error| refused(&error, id, name, None).into_error())?;
        Ok(self.names_changed(env))
    }

    /// "Export list…": `env`'s names as `categoryId,name` to `path`.
    pub fn export_category_names(
        &self,
        env: Environment,
        path: &Path,
    ) -> Result<SavedFile, CommandError> {
        let names = self.category_map(env);
        let kept = write_file(path, |out| {
            category_list::write_list(names.iter().map(|(id, name)| (*id, name.as_str())), out)
        })?;
        log::info!("{} category names of {env} exported", names.len());
        Ok(SavedFile {
            path: path.display().to_string(),
            kept_as: kept.map(|k| k.display().to_string()),
            pets: Some(u32::try_from(names.len()).unwrap_or(u32::MAX)),
            incomplete: false,
        })
    }

    /// "Import list…": merges the list at `path` into `env`'s (names added, never replaced).
    pub async fn import_category_names(
        &self,
        env: Environment,
        path: &Path,
    ) -> Result<CategoryImport, CommandError> {
        let bytes = read_bounded(path, MAX_LIST_BYTES).await?;
        let rows = category_list::parse_list(&bytes).map_err(|error| {
            CommandError::Category(Box::new(CategoryFailure::CategoryListInvalid {
                path: file_name(path),
                reason: (&error).into(),
            }))
        })?;
        let (offers, unusable): (Vec<ListRow>, Vec<ListRow>) =
            rows.into_iter().partition(|row| row.id.is_ok());
        let offers: Vec<(u64, i64, String)> = offers
            .into_iter()
            .filter_map(|row| Some((row.line, row.id.ok()?, row.name)))
            .collect();
        let merge =
            self.change_local(|settings| Ok(settings.category_names.merge(env, offers.clone())))?;
        let mut merge = merge_of(env, &merge);
        for row in unusable {
            let given = row.id.err().unwrap_or_default();
            merge.refused.push(CategoryRefusal {
                problem: CategoryProblem::IdNotANumber,
                ..refusal(&given, &row.name, Some(row.line))
            });
        }
        merge.refused.sort_by_key(|r| r.line);
        log::info!(
            "category names imported into {env}: {} added, {} not used",
            merge.added.len(),
            merge.refused.len()
        );
        Ok(CategoryImport {
            file_name: file_name(path),
            merge,
            list: self.names_changed(env),
        })
    }

    /// What starting an import of `file` to `env` would add to its names (nothing is changed).
    /// `None` when the file names no category.
    pub(super) fn names_to_learn(
        &self,
        env: Environment,
        file: &ParsedFile,
    ) -> Option<CategoryMerge> {
        file.columns.category_name?;
        let mut names = self.settings().category_names.clone();
        Some(merge_of(env, &names.merge(env, offers(file))))
    }

    /// Adds `file`'s names to `env`'s list, as an import starts.
    pub(super) fn learn_category_names(
        &self,
        env: Environment,
        file: &ParsedFile,
    ) -> Result<(), CommandError> {
        let offers = offers(file);
        if offers.is_empty() {
            return Ok(());
        }
        let merge = self.change_local(|s| Ok(s.category_names.merge(env, offers.clone())))?;
        log::info!(
            "import to {env}: {} category names learned, {} not used",
            merge.added.len(),
            merge.refused.len()
        );
        if !merge.added.is_empty() {
            self.names_changed(env);
        }
        Ok(())
    }

    /// Tells the UI `env`'s list now, and returns it.
    fn names_changed(&self, env: Environment) -> CategoryList {
        let list = self.category_names(env);
        self.events.0.emit(AppEvent::CategoryNames(list.clone()));
        list
    }
}

fn offers(file: &ParsedFile) -> Vec<(u64, i64, String)> {
    file.category_names()
        .into_iter()
        .map(|named| (named.line, named.id, named.name))
        .collect()
}

fn list_of(env: Environment, names: &CategoryNames) -> CategoryList {
    CategoryList {
        environment: env,
        entries: names
            .list(env)
            .into_iter()
            .map(|(id, name)| entry(id, name.as_str()))
            .collect(),
    }
}

fn entry(id: i64, name: &str) -> CategoryEntry {
    CategoryEntry {
        id: id.to_string(),
        name: name.to_owned(),
    }
}

fn merge_of(env: Environment, merge: &Merge<u64>) -> CategoryMerge {
    CategoryMerge {
        environment: env,
        added: merge
            .added
            .iter()
            .map(|(id, name)| entry(*id, name.as_str()))
            .collect(),
        unchanged: u32::try_from(merge.unchanged).unwrap_or(u32::MAX),
        refused: merge
            .refused
            .iter()
            .map(|r| refused(&r.why, &r.id.to_string(), &r.name, Some(r.at)))
            .collect(),
    }
}

fn parse_id(id: &str, name: &str) -> Result<i64, CommandError> {
    parse_category_id(id).map_err(|_| {
        CategoryRefusal {
            problem: CategoryProblem::IdNotANumber,
            ..refusal(id, name, None)
        }
        .into_error()
    })
}
