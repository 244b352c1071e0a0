import ArgumentParser

/// `doctor`'s options for how it reaches the domain: whom to trust and where to connect.
struct DoctorConnectionOptions: ParsableArguments {
    @Option(help: "PEM file of CA certificates to trust instead of the system's.")
    var cacert: String?

    @Option(name: .customLong("connect-to"), help: "ADDRESS:PORT to connect to instead of HOST (a server not yet in DNS).")
    var connectTo: String?

    /// `--connect-to` in curl's form: any host and port of the request go to ADDRESS:PORT.
    var curlConnectTo: String? {
        connectTo.map { "::" + $0 }
    }
}
