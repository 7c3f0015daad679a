#ifndef CFLOWGRAPH_LIBYAML_SHIM_H
#define CFLOWGRAPH_LIBYAML_SHIM_H
#include <yaml.h>
#endif
