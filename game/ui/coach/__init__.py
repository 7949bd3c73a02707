"""The coach: the post-hand review, the replays and the statistics."""
