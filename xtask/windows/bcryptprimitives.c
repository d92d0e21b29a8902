/* ProcessPrng for Wine before 8.13, which has no bcryptprimitives.dll: Rust's standard library
 * (1.78 and later) calls it for every random number, so without it every Rust program exits at
 * once. Built by `cargo xtask test windows` into the Wine prefix the stage uses; never shipped.
 * It forwards to RtlGenRandom (advapi32's SystemFunction036), which Wine has always had. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
