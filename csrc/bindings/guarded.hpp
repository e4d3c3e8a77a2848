// Objects that were never set up, and pickle protocols 0 and 1, for every class of _core.
//
// pybind11 gives an object made by `cls.__new__(cls)` (or by a pickle cut short before its
// __setstate__) storage only when a method is first called on it, from the class's operator new,
// and never constructs it. Constructed zeroes that storage, so its `constructed` flag reads false
// there (every constructor sets it true), and every method bound through Guarded checks it: such
// an object refuses calls with a TypeError instead of reading heap garbage.
#pragma once

#include <pybind11/pybind11.h>

#include <cstring>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace tb {

namespace py = pybind11;

struct Constructed {
  bool constructed = true;
  bool set_up() const { return constructed; }
  static void* operator new(size_t size) { return std::memset(::operator new(size), 0, size); }
  static void operator delete(void* p) noexcept { ::operator delete(p); }
};

template <class T>
void require_set_up(const T& obj) {
  if (obj.set_up()) return;
  throw py::type_error("this " + std::string(py::str(py::type::handle_of<T>().attr("__name__"))) +
                       " was never set up (made by __new__, or by a cut-short pickle): create games with "
                       "tablebits.make, states with the game's methods, other objects with their constructor");
}

// Binds methods through `cls` so each first refuses an object that was never set up.
template <class Cls>
class Guarded {
 public:
  explicit Guarded(Cls& cls) : cls_(cls) {}

  template <class F, class... Extra>
  Guarded& def(const char* name, F&& f, const Extra&... extra) {
    cls_.def(name, guard(pointer(f)), extra...);
    return *this;
  }

  template <class F, class... Extra>
  Guarded& def_property_readonly(const char* name, F&& f, const Extra&... extra) {
    cls_.def_property_readonly(name, guard(pointer(f)), extra...);
    return *this;
  }

 private:
  // A capture-less lambda as a function pointer; pointers as they are.
  template <class F>
  static auto pointer(F& f) {
    if constexpr (std::is_member_function_pointer_v<F> || std::is_pointer_v<F>) {
      return f;
    } else {
      return +f;
    }
  }

  template <class Self, class R, class... A>
  static auto guard(R (*f)(Self&, A...)) {
    return [f](Self& self, A... args) -> R {
      require_set_up(self);
      return f(self, std::forward<A>(args)...);
    };
  }

  template <class C, class R>
  static auto guard(R (C::*f)() const) {
    return [f](const C& self) -> R {
      require_set_up(self);
      return (self.*f)();
    };
  }

  Cls& cls_;
};

// Pickle protocols 0 and 1 reduce through copyreg, which calls the nearest non-heap base class,
// pybind11_object, and pybind11 aborts the process there ("no pybind11-registered base types");
// object.__reduce__() takes the same path. Every pybind11 class of `m` without its own
// __reduce_ex__ gets both, reducing as protocol 2 does (copyreg.__newobj__ and __getstate__)
// where the class has a __getstate__, else raising TypeError. Neither may call
// object.__reduce_ex__, which calls an overridden __reduce__ back.
inline void pickle_protocol_floor(py::module_& m) {
  const py::object newobj = py::module_::import("copyreg").attr("__newobj__");
  for (auto item : py::reinterpret_borrow<py::dict>(m.attr("__dict__"))) {
    if (!PyType_Check(item.second.ptr())) continue;
    auto* type = reinterpret_cast<PyTypeObject*>(item.second.ptr());
    if (py::detail::get_type_info(type) == nullptr) continue;  // an exception class, not pybind11's
    if (PyDict_GetItemString(type->tp_dict, "__reduce_ex__") != nullptr) continue;  // its own
    const bool has_state = PyDict_GetItemString(type->tp_dict, "__getstate__") != nullptr;
    const std::string name = type->tp_name;
    const py::object reduce = py::cpp_function(
        [newobj, has_state, name](const py::object& self) -> py::object {
          if (!has_state) throw py::type_error("cannot pickle '" + name + "' objects");
          return py::make_tuple(newobj, py::make_tuple(py::type::of(self)), self.attr("__getstate__")());
        },
        py::is_method(item.second), py::name("__reduce__"));
    py::setattr(item.second, "__reduce__", reduce);
    py::setattr(item.second, "__reduce_ex__",
                py::cpp_function([reduce](const py::object& self, const py::object&) { return reduce(self); },
                                 py::is_method(item.second), py::name("__reduce_ex__"), py::arg("protocol")));
  }
}

}  // namespace tb
