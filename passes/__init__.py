"""simt.passes"""
