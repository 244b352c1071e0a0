// The two members of android.net.Uri the generated Android extensions use, so that they compile and run on a plain JVM
// in the differential test (an app compiles them against the real SDK).
package android.net

class Uri private constructor(private val text: String) {
    override fun toString(): String = text

    companion object {
        @JvmStatic
        fun parse(text: String): Uri = Uri(text)
    }
}
