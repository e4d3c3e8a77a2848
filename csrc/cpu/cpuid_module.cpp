// tablebits._cpuid: the import-time question "what can this CPU run?", answered by the CPU.
// Built without -march (baseline x86-64) so that it loads on any x86-64 CPU, before tablebits
// chooses which build of the engine (_core, _batch) to load. Plain C API: two functions.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "cpu_level.hpp"

namespace {

PyObject* level(PyObject*, PyObject*) { return PyUnicode_FromString(tb::cpu::level()); }

PyObject* slow_pdep(PyObject*, PyObject*) { return PyBool_FromLong(tb::cpu::slow_pdep()); }

PyMethodDef methods[] = {
    {"level", level, METH_NOARGS,
     "The highest x86-64 level this CPU runs ('x86-64-v3', 'x86-64-v2', 'x86-64'), '' if not x86-64."},
    {"slow_pdep", slow_pdep, METH_NOARGS,
     "Whether this CPU's PDEP is microcoded (AMD before Zen 3)."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cpuid",
                      "What this CPU runs, asked with cpuid (__builtin_cpu_supports).", -1,
                      methods, nullptr, nullptr, nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__cpuid() { return PyModule_Create(&module); }
