// The differential test's entry point: `java -cp … driver.Main TABLE [STATE FEATURE,…]` drives TABLE's generated parser.
@file:JvmName("Main")

package driver

fun main(args: Array<String>) {
    val state = if (args.size > 1) args[1] else null
    val features = if (args.size > 2) args[2].split(',').filter { it.isNotEmpty() } else if (args.size > 1) emptyList<String>() else null
    when (args[0]) {
        "default" -> links.expresscan.drive(state, features)
        "everyshape" -> links.everyshape.drive(state, features)
        "hostile" -> links.hostile.drive(state, features)
        else -> throw IllegalArgumentException("unknown table " + args[0])
    }
}
