//! Builds the Learn course (`www/lessons.json` by default): every exercise of
//! `dotbox::lessons::COURSE` solved exactly by the search, its accepted answers
//! exactly the best moves, explained from the scores, then re-checked by the retrograde solver.
//!
//! `cargo run --release --example lessons -- [--out PATH] [--show]`: `--show` prints each
//! exercise's diagram, answers and scores (for writing new exercises).

use dotbox::core::notation::line_label;
use dotbox::core::{Board, Position};
use dotbox::lessons::{self, render_diagram, COURSE};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut path = "www/lessons.json".to_string();
    let mut show = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => path = args.next().ok_or("--out needs a path")?,
            "--show" => show = true,
            other => return Err(format!("unknown argument {other:?} (--out PATH, --show)").into()),
        }
    }
    let start = std::time::Instant::now();
    let built = lessons::build(COURSE, &mut lessons::search_solve)?;
    let solved = start.elapsed();
    lessons::check(&built, &mut lessons::reference_solve)?;
    if show {
        for (i, lesson) in built.iter().enumerate() {
            println!("== lesson {}: {}", i + 1, lesson.title);
            for (j, ex) in lesson.exercises.iter().enumerate() {
                let board = Board::parse(&ex.board)?;
                let pos: Position = ex.lines.iter().copied().collect();
                println!(
                    "-- exercise {}.{} ({}): {}",
                    i + 1,
                    j + 1,
                    ex.board,
                    ex.question
                );
                for row in render_diagram(&board, pos) {
                    println!("   {row}");
                }
                let name = |l: usize| line_label(&board, l);
                let scores: Vec<String> = ex
                    .scores
                    .iter()
                    .map(|&(l, s)| format!("{}={s}", name(l)))
                    .collect();
                println!("   scores: {}", scores.join(" "));
                println!("   {}", ex.explanation);
            }
        }
    }
    let exercises: usize = built.iter().map(|l| l.exercises.len()).sum();
    std::fs::write(&path, format!("{:#}\n", lessons::to_json(&built)))?;
    eprintln!(
        "wrote {} lessons, {exercises} exercises to {path} (solved in {:.2} s, re-checked in {:.2} s)",
        built.len(),
        solved.as_secs_f64(),
        (start.elapsed() - solved).as_secs_f64()
    );
    Ok(())
}
