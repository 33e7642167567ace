"""addon"""
