#ifndef CLIBYAMLSCAN_H
#define CLIBYAMLSCAN_H

#include <stddef.h>

/// Runs libyaml's event parser over `count` bytes, deleting each event as it
/// comes: the bare work every libyaml-based loader must do. Returns the number
/// of events, or -1 when libyaml reports an error.
long flowbench_libyaml_scan(const unsigned char *bytes, size_t count);

#endif
