//! The books a package carries (the Python wheel's copy of `www/books`), found after
//! `$DOTBOX_BOOKS` and before the checkout's. Its own test binary: the folder is named once
//! for the process.

use std::path::Path;

use dotbox::core::Board;
use dotbox::native::{carried_books, shipped_book, where_books_are_looked_for};

#[test]
fn a_carried_folder_answers_before_the_checkout_and_is_named_where_books_are_looked_for() {
    std::env::remove_var("DOTBOX_BOOKS");
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/books");
    let board = |name| Board::parse(name).unwrap();
    // Before: the checkout's books, and the message names no carried folder.
    assert_eq!(
        shipped_book(&board("3x4")).unwrap(),
        Some(checkout.join("3x4-d7.book"))
    );
    assert!(!where_books_are_looked_for().contains("then in /"));

    // A folder carrying the 3x4 book only.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(checkout.join("3x4-d7.book"), dir.path().join("3x4-d7.book")).unwrap();
    let index = r#"{"books": [{"board": "3x4", "file": "3x4-d7.book", "depth": 7}]}"#;
    std::fs::write(dir.path().join("index.json"), index).unwrap();
    assert!(carried_books(dir.path().to_path_buf()));
    // Named once: a second folder changes nothing.
    assert!(!carried_books(checkout.clone()));

    assert_eq!(
        shipped_book(&board("3x4")).unwrap(),
        Some(dir.path().join("3x4-d7.book"))
    );
    assert_eq!(
        shipped_book(&board("4x3")).unwrap(),
        Some(dir.path().join("3x4-d7.book")),
        "a transpose is answered from the carried book too"
    );
    // A board the carried index does not list: the checkout's, as before.
    assert_eq!(
        shipped_book(&board("4x4")).unwrap(),
        Some(checkout.join("4x4-d10.book"))
    );
    assert!(
        where_books_are_looked_for().contains(&format!("then in {}, ", dir.path().display())),
        "{}",
        where_books_are_looked_for()
    );
}
