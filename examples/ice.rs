use dotbox::core::{notation, Board};
use dotbox::retro::Solve;
use dotbox::store::memory::MemoryStore;
fn main() {
    let name = std::env::args().nth(1).unwrap_or("icelandic".into());
    let board = Board::parse(&name).unwrap();
    let extra = std::env::args().nth(2).unwrap_or_default();
    let base = notation::parse_lines(&board, &extra).unwrap();
    let t = std::time::Instant::now();
    let mut s = Solve::new(&board, base, 0).unwrap();
    eprintln!(
        "layout lo={} hi={} {:?}",
        s.layout().n_lo(),
        s.layout().n_hi(),
        t.elapsed()
    );
    let mut st = MemoryStore::new();
    s.run(&mut st, &mut |_| {}).unwrap();
    let p = s.progress();
    println!(
        "value {} positions {} time {:?}",
        s.value(&mut st, base).unwrap(),
        p.positions_done,
        t.elapsed()
    );
}
