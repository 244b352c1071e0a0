// The differential test's entry point: `java -cp … driver.Main TABLE [STATE FEATURE,…]` drives TABLE's generated parser.
@file:JvmName("Main")

package driver

// An extension of a companion is called by its name once imported, as an activity of another package calls it.
import links.expresscan.from

fun main(args: Array<String>) {
    val state = if (args.size > 1) args[1] else null
    val features = if (args.size > 2) args[2].split(',').filter { it.isNotEmpty() } else if (args.size > 1) emptyList<String>() else null
    val appVersion = if (args.size > 3) args[3] else null
    when (args[0]) {
        "default" -> links.expresscan.drive(state, features)
        "everyshape" -> links.everyshape.drive(state, features, appVersion)
        "hostile" -> links.hostile.drive(state, features)
        "intent" -> {
            // The default table's Android extensions: DeepLink.from(Intent) on each URL, as an activity would call it.
            val reader = System.`in`.bufferedReader(Charsets.UTF_8)
            while (true) {
                val url = reader.readLine() ?: break
                val intent = android.content.Intent(android.content.Intent.ACTION_VIEW, android.net.Uri.parse(url))
                val other = android.content.Intent("android.intent.action.MAIN", android.net.Uri.parse(url))
                val link = links.expresscan.DeepLink.from(intent)
                println((link?.routeName() ?: "-") + " " + (links.expresscan.DeepLink.from(other)?.routeName() ?: "-"))
            }
        }
        else -> throw IllegalArgumentException("unknown table " + args[0])
    }
}
