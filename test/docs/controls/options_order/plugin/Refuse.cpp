void refuseIt(const std::string &name) {
  refuse("the pointer field '" + name +
         "' is read before it is set; set it where its object is built");
  refuse("pass " + name + ": status objects are not supported");
}
