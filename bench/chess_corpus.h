// A small random chess game generator: the benchmark's PGN corpus for pgn-extract, so that
// wonderlog's speed can be set beside a well-known game-record checker's on the same kind of work.
#pragma once

#include <cstdint>
#include <ostream>

namespace wonderlog::bench {

// Writes `games` random legal chess games as PGN to `out`: the seven-tag roster (Round is the
// game's number, from 1), SAN movetext with move numbers, lines under 80 columns, and a result
// terminator equal to the Result tag. Each game ends at checkmate ("1-0" / "0-1"), stalemate or
// a dead position (K v K, K+minor v K: "1/2-1/2"), or after 80 to 160 plies ("1/2-1/2" or "*").
// The same `seed` gives byte-identical output on every platform. Returns the number of plies.
long write_chess_corpus(std::ostream& out, int games, std::uint64_t seed);

}  // namespace wonderlog::bench
