// A list parameter (core/param_spec.hpp, ListParam) between Python and Params, written once
// over its declared columns: each value type- and range-checked as it is read, with a message
// naming the entry and the column.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <string>
#include <string_view>

#include "../tablebits/core/param_spec.hpp"
#include "pyconvert.hpp"

namespace tb {

template <class P>
void read_list_cell(const ListColumn<P>& c, pybind11::handle v, const std::string& what, P& p, int row) {
  namespace py = pybind11;
  int value;
  if (c.boolean) value = py_convert::to_bool(v, what) ? 1 : 0;
  else if (!c.names.empty() && (!py::isinstance<py::int_>(v) || py::isinstance<py::bool_>(v))) value = py_convert::to_choice(v, what, c.names);
  else value = static_cast<int>(py_convert::to_int(v, what, c.lo, c.hi));
  c.set(p, row, value);
}

template <class P>
pybind11::object list_cell_to_py(const ListColumn<P>& c, const P& p, int row) {
  namespace py = pybind11;
  const int v = c.get(p, row);
  if (c.boolean) return py::bool_(v != 0);
  if (!c.names.empty()) return py::str(std::string(c.names[static_cast<size_t>(v)]));
  return py::int_(v);
}

template <class P, size_t C>
void parse_list_param(const ListParam<P, C>& spec, pybind11::handle v, const std::string& what, P& p) {
  namespace py = pybind11;
  if (spec.none_keeps_default && v.is_none()) return;
  const py::list rows = spec.rows ? py_convert::to_list(v, what) : py_convert::to_list(v, what, static_cast<size_t>(spec.max_rows));
  if (rows.size() > static_cast<size_t>(spec.max_rows)) {
    py_convert::value_error(what + " must be " + std::string(spec.range) + ", got " + std::to_string(rows.size()) + " entries");
  }
  std::array<std::string_view, C> keys;
  for (size_t c = 0; c < C; ++c) keys[c] = spec.columns[c].key;
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::string entry = what + " entry " + std::to_string(i);
    const int row = static_cast<int>(i);
    if (spec.form == RowForm::kBare) {
      read_list_cell(spec.columns[0], rows[i], entry, p, row);
    } else if (spec.form == RowForm::kList) {
      const py::list cells = py_convert::to_list(rows[i], entry, C);
      for (size_t c = 0; c < C; ++c) read_list_cell(spec.columns[c], cells[c], entry + " " + std::string(keys[c]), p, row);
    } else {
      const py::dict cells = py_convert::to_dict(rows[i], entry);
      py_convert::expect_keys(cells, entry, keys);
      for (size_t c = 0; c < C; ++c) {
        read_list_cell(spec.columns[c], cells[py::str(std::string(keys[c]))], entry + " " + std::string(keys[c]), p, row);
      }
    }
  }
  if (spec.finish) spec.finish(p, static_cast<int>(rows.size()));
}

template <class P, size_t C>
pybind11::list list_param_to_py(const ListParam<P, C>& spec, const P& p) {
  namespace py = pybind11;
  py::list out;
  const int n = spec.rows ? spec.rows(p) : spec.max_rows;
  for (int row = 0; row < n; ++row) {
    if (spec.form == RowForm::kBare) {
      out.append(list_cell_to_py(spec.columns[0], p, row));
    } else if (spec.form == RowForm::kList) {
      py::list cells;
      for (const auto& c : spec.columns) cells.append(list_cell_to_py(c, p, row));
      out.append(cells);
    } else {
      py::dict cells;
      for (const auto& c : spec.columns) cells[py::str(std::string(c.key))] = list_cell_to_py(c, p, row);
      out.append(cells);
    }
  }
  return out;
}

}  // namespace tb
