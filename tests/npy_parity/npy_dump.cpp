// Loads one .npy file with ReduceLab's reader and prints the verdict for npy_parity.py:
//   ACCEPT <type> <dim,dim,...> <hex of the elements, little-endian, C order>
//   REFUSE <the error message>
#include <bit>
#include <cstdio>
#include <string>

#include "reducelab/error.h"
#include "reducelab/npy.h"

int main(int argc, char** argv) {
    static_assert(std::endian::native == std::endian::little, "the dump prints host-order bytes");
    if (argc != 2) {
        std::fprintf(stderr, "usage: npy_dump FILE.npy\n");
        return 2;
    }
    try {
        const reducelab::NpyContents contents = reducelab::read_npy_contents(argv[1]);
        std::string shape;
        for (const std::uint64_t dim : contents.shape)
            shape += (shape.empty() ? "" : ",") + std::to_string(dim);
        std::printf("ACCEPT %s %s ",
                    std::string(reducelab::to_string(contents.array.type())).c_str(),
                    shape.empty() ? "()" : shape.c_str());
        const auto* bytes = reinterpret_cast<const unsigned char*>(contents.array.data());
        for (std::size_t i = 0; i < contents.array.size_bytes(); ++i) std::printf("%02x", bytes[i]);
        std::printf("\n");
    } catch (const reducelab::Error& e) {
        std::printf("REFUSE %s\n", e.what());
    }
    return 0;
}
