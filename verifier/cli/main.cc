// wonderlog: verify, score, format, replay and explain recorded tabletop games.
#include "verifier/cli/app.h"

int main(int argc, char** argv) {
  return wonderlog::cli::run_wonderlog(argc, argv);
}
