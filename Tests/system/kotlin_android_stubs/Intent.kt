// The members of android.content.Intent the generated Android extensions use (see Uri.kt).
package android.content

class Intent(val action: String?, val data: android.net.Uri?) {
    companion object {
        const val ACTION_VIEW = "android.intent.action.VIEW"
    }
}
