//! Replays the `net` fuzz target's corpus (`fuzz/corpus/net/`) through the
//! same checks the target runs, on stable in every CI run.

#[path = "../../fuzz/src/corpus.rs"]
mod corpus;
#[path = "../../fuzz/src/net_inputs.rs"]
mod net_inputs;

#[test]
fn peer_messages() {
    corpus::replay("net", net_inputs::net);
}
