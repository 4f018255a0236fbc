// The StretchScanner's bulk pass built with AVX2, 32 bytes a step (CMakeLists.txt compiles this
// file alone with -mavx2); log_reader.cc calls it only on a CPU that has AVX2.
#include "grammar/line_scan.h"

namespace wonderlog::grammar {

const char* skip_content_lines_avx2(const char* p, const char* last, std::uint32_t& lines) {
  return skip_content_lines_by<Avx2>(p, last, lines);
}

}  // namespace wonderlog::grammar
