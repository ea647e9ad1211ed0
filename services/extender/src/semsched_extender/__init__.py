"""semsched extender: kube-scheduler's HTTP extender over semsched's score views."""
