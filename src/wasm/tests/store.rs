//! The IndexedDB tile store in a real browser (wasm-bindgen-test in headless
//! Chromium): tiles written come back identical after reopening, a solve's listing and
//! finished flag survive, writes left in flight land in order, a full quota fails cleanly
//! keeping earlier tiles (also when the refused write was in flight), and a damaged or
//! foreign tile reads as corrupt until the solve recomputes it.

use crate::store::codec::encode;
use crate::store::{StoreError, TileData, TileId, TileStore};
use crate::wasm::idb_store::IdbStore;
use std::sync::Arc;

use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen(module = "/www/idb.js")]
extern "C" {
    #[wasm_bindgen(js_name = limitWritesForTests)]
    fn limit_writes_for_tests(bytes: f64);
    #[wasm_bindgen(js_name = openDb)]
    async fn open_db(name: &str) -> JsValue;
    #[wasm_bindgen(js_name = listSolves)]
    async fn list_solves(db: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = deleteSolve)]
    async fn delete_solve(db: &JsValue, fp: &str);
    #[wasm_bindgen(js_name = putRawTile)]
    async fn put_raw_tile(db: &JsValue, fp: &str, hi: u8, lo: u8, bytes: Uint8Array);
}

const FP: &str = "test-solve-3x3";

/// A distinct database per test so tests never see each other's tiles.
fn db_name(test: &str) -> String {
    format!("dotbox-test-{test}-{}", js_sys::Math::random())
}

/// Deterministic pseudo-random tile values in the value range.
fn tile_data(seed: u32, len: usize) -> TileData {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    Arc::new(
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                (x % 41) as i8 - 20
            })
            .collect(),
    )
}

/// Flushes `store` and waits until the write is stored.
async fn write(store: &mut IdbStore) -> Result<(), StoreError> {
    store.flush().await?;
    store.settle().await
}

const A: TileId = TileId::pair(2, 3);
const B: TileId = TileId::pair(0, 7);
const C: TileId = TileId::pair(5, 0);

#[wasm_bindgen_test]
async fn tiles_written_read_back_identical_after_reopening() {
    let name = db_name("readback");
    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert_eq!(store.tiles(), 0);
    let (a, b) = (tile_data(1, 1000), tile_data(2, 1));
    store.save(A, &a).unwrap();
    store.save(B, &b).unwrap();
    assert_eq!(
        &store.load(A).unwrap().unwrap()[..],
        &a[..],
        "a saved tile is readable before the flush"
    );
    write(&mut store).await.unwrap();

    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert!(
        store.contains(A).unwrap() && store.contains(B).unwrap() && !store.contains(C).unwrap()
    );
    assert!(
        matches!(store.load(A), Err(StoreError::Io { .. })),
        "an un-prefetched stored tile is an error"
    );
    assert_eq!(store.take_misses(), vec![A]);
    assert_eq!(store.load(C).unwrap(), None);
    assert_eq!(store.prefetch(&[A, B, C]).await.unwrap(), vec![]);
    assert_eq!(&store.load(A).unwrap().unwrap()[..], &a[..]);
    assert_eq!(&store.load(B).unwrap().unwrap()[..], &b[..]);
    // The cache holds one step's working set only.
    store.evict();
    assert!(store.load(A).is_err());
    store.save(C, &tile_data(3, 5)).unwrap();
    write(&mut store).await.unwrap();
    assert!(
        store.load(C).is_err(),
        "a flushed tile leaves the cache: the solver holds its own copy"
    );
}

#[wasm_bindgen_test]
async fn a_resumed_solve_keeps_its_listing_removals_and_finished_flag() {
    let name = db_name("resume");
    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    store.save(A, &tile_data(3, 10)).unwrap();
    store.save(B, &tile_data(4, 10)).unwrap();
    write(&mut store).await.unwrap();
    store.remove(A).unwrap();
    store.save(C, &tile_data(5, 10)).unwrap();
    store.set_finished(true);
    write(&mut store).await.unwrap();
    let bytes = store.bytes();
    drop(store);

    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert!(store.finished());
    assert!(
        !store.contains(A).unwrap() && store.contains(B).unwrap() && store.contains(C).unwrap()
    );
    assert_eq!(store.bytes(), bytes);
    store.prefetch(&[A, B, C]).await.unwrap();
    assert_eq!(
        store.load(A).unwrap(),
        None,
        "a removed tile is gone from the database"
    );
    assert_eq!(&store.load(C).unwrap().unwrap()[..], &tile_data(5, 10)[..]);

    let db = open_db(&name).await;
    let solves = Array::from(&list_solves(&db).await);
    assert_eq!(solves.length(), 1);
    let label = Reflect::get(&solves.get(0), &"label".into()).unwrap();
    assert_eq!(label.as_string().as_deref(), Some("3x3"));
    delete_solve(&db, FP).await;
    assert_eq!(Array::from(&list_solves(&db).await).length(), 0);
    let store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert_eq!(store.tiles(), 0);
}

#[wasm_bindgen_test]
async fn a_full_quota_fails_cleanly_and_keeps_earlier_tiles() {
    let name = db_name("quota");
    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    store.save(A, &tile_data(6, 100)).unwrap();
    write(&mut store).await.unwrap();
    limit_writes_for_tests(500.0);
    store.save(B, &tile_data(7, 1000)).unwrap();
    let err = write(&mut store).await.unwrap_err();
    limit_writes_for_tests(f64::INFINITY);
    assert!(matches!(err, StoreError::QuotaExceeded { .. }), "{err}");
    assert!(
        err.to_string().contains("every finished tile is kept"),
        "{err}"
    );

    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert!(store.contains(A).unwrap() && !store.contains(B).unwrap());
    store.prefetch(&[A]).await.unwrap();
    assert_eq!(&store.load(A).unwrap().unwrap()[..], &tile_data(6, 100)[..]);
}

#[wasm_bindgen_test]
async fn writes_in_flight_land_in_order_and_their_error_surfaces_at_the_next_flush() {
    let name = db_name("pipeline");
    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    // Flushes that do not wait for their write: each one's listing matches its tiles.
    store.save(A, &tile_data(8, 100)).unwrap();
    store.flush().await.unwrap();
    store.remove(A).unwrap();
    store.save(B, &tile_data(9, 100)).unwrap();
    store.flush().await.unwrap();
    let mut reopened = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert!(!reopened.contains(A).unwrap() && reopened.contains(B).unwrap());
    reopened.prefetch(&[A, B]).await.unwrap();
    assert_eq!(reopened.load(A).unwrap(), None);
    assert_eq!(
        &reopened.load(B).unwrap().unwrap()[..],
        &tile_data(9, 100)[..]
    );

    // A write refused while the solver computes on is reported by the next flush.
    limit_writes_for_tests(500.0);
    store.save(C, &tile_data(10, 1000)).unwrap();
    store.flush().await.unwrap();
    store.save(A, &tile_data(11, 10)).unwrap();
    let err = store.flush().await.unwrap_err();
    limit_writes_for_tests(f64::INFINITY);
    assert!(matches!(err, StoreError::QuotaExceeded { .. }), "{err}");
    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert!(store.contains(B).unwrap() && !store.contains(C).unwrap());
}

#[wasm_bindgen_test]
async fn corrupt_and_foreign_tiles_read_as_corrupt_until_recomputed() {
    let name = db_name("corrupt");
    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    for (i, t) in [A, B, C].into_iter().enumerate() {
        store.save(t, &tile_data(i as u32, 64)).unwrap();
    }
    write(&mut store).await.unwrap();
    let db = open_db(&name).await;
    let mut damaged = encode(FP, A, &tile_data(0, 64));
    damaged[30] ^= 1;
    put_raw_tile(&db, FP, A.count(0), A.lo(), Uint8Array::from(&damaged[..])).await;
    let foreign = encode("another-solve", B, &tile_data(1, 64));
    put_raw_tile(&db, FP, B.count(0), B.lo(), Uint8Array::from(&foreign[..])).await;

    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    let bad = store.prefetch(&[A, B, C]).await.unwrap();
    assert_eq!(bad, vec![A, B]);
    assert!(matches!(
        store.load(A),
        Err(StoreError::Corrupt { tile: A, .. })
    ));
    let err = store.load(B).unwrap_err().to_string();
    assert!(err.contains("another solve"), "{err}");
    assert_eq!(&store.load(C).unwrap().unwrap()[..], &tile_data(2, 64)[..]);
    // What the solver does with a corrupt tile: remove it, then compute and save it again.
    store.remove(A).unwrap();
    store.remove(B).unwrap();
    assert_eq!(
        store.load(A).unwrap(),
        None,
        "a removed damaged tile reads as missing"
    );
    store.save(A, &tile_data(0, 64)).unwrap();
    write(&mut store).await.unwrap();
    let mut store = IdbStore::open(&name, FP, "3x3").await.unwrap();
    assert_eq!(
        store.tiles(),
        2,
        "the foreign tile is deleted, the recomputed one stored"
    );
    store.prefetch(&[A, B]).await.unwrap();
    assert_eq!(&store.load(A).unwrap().unwrap()[..], &tile_data(0, 64)[..]);
    assert_eq!(store.load(B).unwrap(), None);
}
