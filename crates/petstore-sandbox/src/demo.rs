//! Demo catalogue: pets that look like a real shop's, so a newcomer sees a working app at once.

use crate::store::PetStore;

/// Category ids of the demo data. The spec shows categories only as ids.
pub const CATEGORIES: [(i64, &str); 6] = [
    (1, "dogs"),
    (2, "cats"),
    (3, "birds"),
    (4, "fish"),
    (5, "reptiles"),
    (6, "small mammals"),
];

/// (name, category id, status), inserted in this order so ids run from 1.
pub const DEMO_PETS: [(&str, i64, &str); 40] = [
    ("Biscuit", 1, "available"),
    ("Luna", 2, "available"),
    ("Captain Feathers", 3, "pending"),
    ("Bubbles", 4, "available"),
    ("Rex", 1, "sold"),
    ("Mochi", 2, "pending"),
    ("Sheldon", 5, "available"),
    ("Hazel", 6, "available"),
    ("Pepper", 1, "available"),
    ("Oliver", 2, "sold"),
    ("Kiwi", 3, "available"),
    ("Nemo", 4, "sold"),
    ("Daisy", 1, "pending"),
    ("Shadow", 2, "available"),
    ("Iggy", 5, "pending"),
    ("Peanut", 6, "sold"),
    ("Max", 1, "available"),
    ("Cleo", 2, "available"),
    ("Sunny", 3, "sold"),
    ("Goldie", 4, "available"),
    ("Bella", 1, "sold"),
    ("Whiskers", 2, "pending"),
    ("Blue", 3, "available"),
    ("Dory", 4, "pending"),
    ("Spike", 5, "sold"),
    ("Nibbles", 6, "available"),
    ("Cooper", 1, "available"),
    ("Tiger", 2, "sold"),
    ("Polly", 3, "available"),
    ("Finn", 4, "available"),
    ("Rocky", 1, "pending"),
    ("Smokey", 2, "available"),
    ("Mango", 3, "pending"),
    ("Koi Boy", 4, "sold"),
    ("Draco", 5, "available"),
    ("Pip", 6, "pending"),
    ("Scout", 1, "available"),
    ("Misty", 2, "available"),
    ("Ziggy", 5, "available"),
    ("Clover", 6, "sold"),
];

pub(crate) fn seed(store: &PetStore) {
    for (name, category_id, status) in DEMO_PETS {
        store.insert(name, category_id, status, None);
    }
}
