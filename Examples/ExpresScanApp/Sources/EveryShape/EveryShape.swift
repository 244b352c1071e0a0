// Everything in EveryShape (`DeepLink`, `DeepLink.AppState`, `DeepLink.Feature`, …) is what DeepLinkRoutesPlugin
// generates from this folder's deeplinkd.yaml. SwiftPM drops a target that holds no Swift file before any plugin runs
// (warning: "Source files for target EveryShape should be located under 'Sources/EveryShape'"), so this file is what
// makes the target exist; a routes module of an app's own would hold its link handling here.
