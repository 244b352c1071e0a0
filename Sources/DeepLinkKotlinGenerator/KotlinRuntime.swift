/// The fixed Kotlin every generated file carries: plain Kotlin/JVM with no dependency, in the subset Kotlin 1.3
/// compiles (no `Char.code`, no `lowercase()`, no case conversion at all: schemes and hosts are compared byte by
/// byte), so every later Kotlin compiles it too. It ports the server's resolver step for step, so that the same URL
/// gets the same route, parameters, canonical links, or the same reason and detail.
enum KotlinRuntime {}
