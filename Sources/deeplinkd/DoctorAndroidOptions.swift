import ArgumentParser

/// `doctor`'s Android option: the certificates the APKs are signed with.
struct DoctorAndroidOptions: ParsableArguments {
    @Option(
        name: .customLong("apk-cert"),
        help:
            "The output of `apksigner verify --print-certs APK` or `keytool -printcert -jarfile APK`, to check its SHA-256 fingerprint against assetlinks.json (repeatable)."
    )
    var apkCertificates: [String] = []
}
