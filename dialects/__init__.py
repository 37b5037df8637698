"""simt.dialects"""
