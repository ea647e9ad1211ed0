"""semsched state cache: the cluster's nodes and pods as NATS key-value views."""
