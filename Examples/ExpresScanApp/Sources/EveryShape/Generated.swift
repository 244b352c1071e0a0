// Everything in EveryShape (`DeepLink`, `AppState`, `Feature`, …) is what DeepLinkRoutesPlugin generates from this
// folder's deeplinkd.yaml; SwiftPM needs one Swift source besides the table to build the target at all.
