"""simt.frontend"""
