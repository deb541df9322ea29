//! The bindings and the IndexedDB store in a real browser: wasm-bindgen-test in headless
//! Chromium (`cargo test --target wasm32-unknown-unknown --lib`, run by `./build.sh test`).
//! They live inside the library so that the native-only binary is not built for wasm.

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod bindings;
mod chains;
mod policy;
mod pseudo;
mod search;
mod store;
