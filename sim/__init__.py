"""simt.sim"""
